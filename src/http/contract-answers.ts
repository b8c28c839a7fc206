/**
 * The answers whose exact form the bank contract fixes. Declared once: routes, the error mapper and
 * the route schemas all take them from here.
 */

/** `resultCode` of every bank API body. 0 to 3 are outcomes; 4 and up are refusals of the request. */
export const BANK_RESULT = {
  ok: 0,
  customerNotFound: 1,
  notValidated: 2,
  duplicate: 3,
  invalidInput: 4,
  unavailable: 5,
  /** Our addition to the contract: more calls from this client than its limit allows; see Retry-After. */
  rateLimited: 6,
} as const;

/** Validate's 404: the member cannot receive a payment now, and nothing about them is told. */
export const CUSTOMER_NOT_FOUND = {
  resultCode: BANK_RESULT.customerNotFound,
  message: 'Customer not found',
  customerName: '',
  customerRef: '',
} as const;

/** The token endpoint's 401: byte-identical for every credential problem, so it tells a guesser nothing. */
export const INVALID_CLIENT = { error: 'invalid_client', error_description: 'Client authentication failed' } as const;

/** The `realm` of every authentication challenge the service sends. */
export const REALM = 'bank-integration-service';
