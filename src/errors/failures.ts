import { DomainError } from './domain-error.js';

/** Seconds a caller is asked to wait when the database is away. */
const UNAVAILABLE_RETRY_AFTER = 5;

export const unavailable = (detail: string) =>
  new DomainError('unavailable', 'Service temporarily unavailable; try again shortly', {
    detail,
    retryAfterSeconds: UNAVAILABLE_RETRY_AFTER,
  });
