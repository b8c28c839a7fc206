import { DomainError } from './domain-error.js';

/** Seconds a caller is asked to wait when the database is away. */
const UNAVAILABLE_RETRY_AFTER = 5;

const TRY_AGAIN_SHORTLY = 'Service temporarily unavailable; try again shortly';

/** The service cannot do it now, though it may in a moment (503 with Retry-After); `detail` is why, for the log. */
export const unavailable = {
  database: (detail: string) =>
    new DomainError('unavailable', TRY_AGAIN_SHORTLY, { detail, retryAfterSeconds: UNAVAILABLE_RETRY_AFTER }),
  /** A notification whose statement was run again as often as it may be, with new receipts each time. */
  notRecorded: (attempts: number) =>
    new DomainError('unavailable', TRY_AGAIN_SHORTLY, {
      detail: `not recorded after ${attempts} attempts`,
      retryAfterSeconds: UNAVAILABLE_RETRY_AFTER,
    }),
  /** A notification another request accepted, whose payment could still not be read back. */
  acceptedUnseen: (attempts: number) =>
    new DomainError('unavailable', TRY_AGAIN_SHORTLY, {
      detail: `accepted elsewhere, but not found after ${attempts} attempts`,
      retryAfterSeconds: UNAVAILABLE_RETRY_AFTER,
    }),
  noFreeReceipt: () =>
    new DomainError('unavailable', TRY_AGAIN_SHORTLY, {
      detail: 'no free receipt number was found: try again',
      retryAfterSeconds: UNAVAILABLE_RETRY_AFTER,
    }),
  /** Password hashing has as many sign-ins waiting as it takes. */
  hashingFull: () =>
    new DomainError('unavailable', 'Too many sign-ins at once: try again in a moment', {
      detail: 'password hashing queue full',
      retryAfterSeconds: 1,
    }),
};

/** A fault of the service's own (500): the answer never shows `detail`, which goes to the log. */
export const internal = (detail: string) => new DomainError('internal', 'Internal error', { detail });
