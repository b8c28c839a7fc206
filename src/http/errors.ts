import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';

/** The domain's error vocabulary. Services throw these; only this module knows their HTTP form. */
export type ErrorCode =
  | 'invalid_input'
  | 'invalid_import'
  | 'not_found'
  | 'conflict'
  | 'method_not_allowed'
  | 'gone'
  | 'unauthorized'
  | 'forbidden'
  | 'rate_limited'
  | 'payload_too_large'
  | 'unavailable'
  | 'internal';

const STATUS: Record<ErrorCode, number> = {
  invalid_input: 400,
  invalid_import: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

/** Status codes whose answer has no body, as the contract says for 413 and 429. */
const EMPTY: ReadonlySet<ErrorCode> = new Set(['payload_too_large', 'rate_limited']);

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** Safe to show the caller. */
    message: string,
    /** Goes to the log only. */
    readonly detail?: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** Further fields of the admin API's error body. */
  get extra(): Record<string, unknown> {
    return {};
  }
}

/** An RFC 6749 §5.2 error of the token endpoint. */
export class OAuthError extends Error {
  constructor(
    readonly status: 400 | 401,
    readonly error: 'invalid_request' | 'unsupported_grant_type' | 'invalid_client',
    readonly description: string | undefined,
    /** The real reason, for the log only: the answer is the same for every credential problem. */
    readonly detail: string,
    /** Whether the caller authenticated with the Authorization header (RFC 6749 §5.2 then asks for a challenge). */
    readonly usedAuthorizationHeader = false,
  ) {
    super(description ?? error);
    this.name = 'OAuthError';
  }
}

export const BANK_RESULT_CODES = {
  ok: 0,
  customerNotFound: 1,
  notValidated: 2,
  duplicate: 3,
  invalidInput: 4,
  unavailable: 5,
} as const;

/** How a route family writes its error bodies. */
export type ErrorStyle = 'bank' | 'oauth' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    errorStyle?: ErrorStyle;
  }
}

export const REALM = 'bank-integration-service';

function fromFramework(error: FastifyError): AppError {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
    return new AppError('payload_too_large', 'Request body too large');
  }
  if (error.validation) return new AppError('invalid_input', validationMessage(error));
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return new AppError('invalid_input', 'body: Content-Type must be application/json');
  }
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return new AppError('invalid_input', 'body: must be a JSON object');
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON' || error.code?.startsWith('FST_ERR_CTP')) {
    return new AppError('invalid_input', 'body: is not valid JSON', error.message);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('invalid_input', 'Bad request', error.message);
  }
  return new AppError('internal', 'Internal error', error.stack ?? error.message);
}

/** Turns Ajv's first complaint into "<field>: <problem>", the form the bank contract promises. */
function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return 'body: is invalid';
  const params = first.params as Record<string, unknown>;
  const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const field = first.keyword === 'required' ? [path, params.missingProperty].filter(Boolean).join('.') : path;
  const where = field || (error.validationContext ?? 'body');
  switch (first.keyword) {
    case 'required':
      return `${where}: is required`;
    case 'type':
      return `${where}: must be ${params.type === 'object' ? 'a JSON object' : `a ${String(params.type).replace(',', ' or ')}`}`;
    case 'enum':
      return `${where}: must be one of ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'maxLength':
      return `${where}: must be at most ${String(params.limit)} characters`;
    case 'minLength':
      return `${where}: must not be empty`;
    case 'anyOf':
      return `${where}: has the wrong type`;
    default:
      return `${where}: ${first.message ?? 'is invalid'}`;
  }
}

/** Seconds a caller is asked to wait when the database is away. */
export const UNAVAILABLE_RETRY_AFTER = 5;

export function toAppError(error: unknown): AppError | OAuthError {
  if (error instanceof AppError || error instanceof OAuthError) return error;
  if (isDatabaseUnavailable(error)) {
    return new AppError('unavailable', 'Service temporarily unavailable; try again shortly', String(error), UNAVAILABLE_RETRY_AFTER);
  }
  if (error instanceof Error) return fromFramework(error as FastifyError);
  return new AppError('internal', 'Internal error', String(error));
}

function styleOf(request: FastifyRequest): ErrorStyle {
  const configured = request.routeOptions.config?.errorStyle;
  if (configured) return configured;
  if (request.url.startsWith('/bank/')) return 'bank';
  if (request.url.startsWith('/oauth/')) return 'oauth';
  return 'admin';
}

/** The one place where errors become HTTP answers. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const mapped = toAppError(error);
  if (mapped instanceof OAuthError) {
    request.log.info({ oauthError: mapped.error, reason: mapped.detail }, 'token request refused');
    if (mapped.usedAuthorizationHeader && mapped.status === 401) {
      reply.header('www-authenticate', `Basic realm="${REALM}", charset="UTF-8"`);
    }
    const body = mapped.description === undefined
      ? { error: mapped.error }
      : { error: mapped.error, error_description: mapped.description };
    return reply.code(mapped.status).send(body);
  }

  const status = STATUS[mapped.code];
  if (status === 503) request.log.warn({ detail: mapped.detail }, 'database unavailable');
  else if (status >= 500) request.log.error({ err: error, detail: mapped.detail }, 'request failed');
  else request.log.info({ code: mapped.code, reason: mapped.detail ?? mapped.message }, 'request refused');

  if (mapped.retryAfterSeconds !== undefined) reply.header('retry-after', String(mapped.retryAfterSeconds));
  reply.code(status);
  if (EMPTY.has(mapped.code)) return reply.send();

  const message = status >= 500 ? (status === 503 ? mapped.message : 'Internal error') : mapped.message;
  switch (styleOf(request)) {
    case 'bank':
      return reply.send({
        resultCode: status < 500 ? BANK_RESULT_CODES.invalidInput : BANK_RESULT_CODES.unavailable,
        message,
      });
    case 'oauth':
      return reply.send({
        error: status === 503 ? 'temporarily_unavailable' : status >= 500 ? 'server_error' : 'invalid_request',
        error_description: message,
      });
    case 'admin':
      return reply.send({ error: mapped.code, message, ...mapped.extra });
  }
}
