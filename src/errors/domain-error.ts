/**
 * The domain's error: a code and words safe to show the caller. Services and stores throw these,
 * made by the named constructors beside this file; they know nothing of HTTP.
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

interface DomainErrorOptions {
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
