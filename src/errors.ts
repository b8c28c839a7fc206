/**
 * The domain's error vocabulary. Services and stores throw these; they know nothing of HTTP.
 * `src/http/error-answers.ts` is the one place that turns a code into a status and a body.
 */
export type ErrorCode =
  | 'invalid_input'
  | 'invalid_import'
  /** A bank statement file that cannot be read: the answer names the line or element. */
  | 'invalid_statement'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'unauthorized'
  /** The password was right; the operator's second factor is needed too. */
  | 'code_required'
  | 'forbidden'
  | 'rate_limited'
  | 'payload_too_large'
  | 'method_not_allowed'
  | 'request_timeout'
  | 'unavailable'
  | 'internal'
  // RFC 6749 §5.2: the token endpoint's own words for a refused request.
  | 'invalid_request'
  | 'unsupported_grant_type'
  | 'invalid_client';

export interface DomainErrorOptions {
  /** The real reason, for the log only. */
  detail?: string | undefined;
  /** Seconds the caller should wait before trying again. */
  retryAfterSeconds?: number | undefined;
  /** Further fields of the admin API's error body (the bad rows of an import, say). */
  extra?: Record<string, unknown> | undefined;
}

export class DomainError extends Error {
  readonly detail: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly extra: Record<string, unknown>;

  constructor(
    readonly code: ErrorCode,
    /** Safe to show the caller. */
    message: string,
    options: DomainErrorOptions = {},
  ) {
    super(message);
    this.name = 'DomainError';
    this.detail = options.detail;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extra = options.extra ?? {};
  }
}

/** Seconds a caller is asked to wait when the database is away. */
export const UNAVAILABLE_RETRY_AFTER = 5;

/** "<field>: <problem>", the form every refusal of input takes. */
export const invalidInput = (field: string, problem: string, detail?: string) =>
  new DomainError('invalid_input', `${field}: ${problem}`, { detail });

export const notFound = {
  client: (clientId: string) => new DomainError('not_found', `No client with ID ${clientId}`),
  secret: (clientId: string, secretId: string) =>
    new DomainError('not_found', `Client ${clientId} has no secret ${secretId}`),
  member: (memberNumber: string) => new DomainError('not_found', `No member ${memberNumber}`),
  payment: (receiptOrId: number | string) =>
    new DomainError('not_found', `No payment with receipt number or paymentId ${receiptOrId}`),
  reconciliation: (id: number | string) => new DomainError('not_found', `No reconciliation ${id}`),
  webhook: (id: string) => new DomainError('not_found', `No webhook endpoint ${id}`),
  webhookMessage: (id: string) => new DomainError('not_found', `No message ${id} of this endpoint`),
  route: (method: string, path: string) => new DomainError('not_found', `No route ${method} ${path}`),
  link: () => new DomainError('not_found', 'No such link'),
};

export const gone = {
  link: () => new DomainError('gone', 'This link has already been used, has expired or was withdrawn'),
};

export const conflict = (message: string, detail?: string) => new DomainError('conflict', message, { detail });

export const unavailable = (detail: string) =>
  new DomainError('unavailable', 'Service temporarily unavailable; try again shortly', {
    detail,
    retryAfterSeconds: UNAVAILABLE_RETRY_AFTER,
  });

export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError('rate_limited', message, { retryAfterSeconds });

/** A refused token request; `detail` is why, for the log, since the answer must not tell. */
export const oauthRefusal = {
  invalidRequest: (detail: string) => new DomainError('invalid_request', 'invalid_request', { detail }),
  unsupportedGrantType: (detail: string) =>
    new DomainError('unsupported_grant_type', 'unsupported_grant_type', { detail }),
  invalidClient: (detail: string) => new DomainError('invalid_client', 'Client authentication failed', { detail }),
};
