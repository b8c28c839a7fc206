import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { DomainError, type ErrorCode, internal, invalidInput, tooLarge, unavailable } from '../errors.js';
import { answerStyleOf } from './answer-style.js';
import { BANK_RESULT, INVALID_CLIENT, REALM } from './contract-answers.js';
import { validationMessage } from './validation-message.js';

const STATUS: Record<ErrorCode, number> = {
  invalid_input: 400,
  invalid_import: 400,
  invalid_statement: 400,
  invalid_request: 400,
  unsupported_grant_type: 400,
  unauthorized: 401,
  code_required: 401,
  invalid_client: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

export const statusOf = (error: DomainError): number => STATUS[error.code];

/** What Fastify itself refuses (a body too large, not JSON, failing its schema) in the domain's words. */
function fromFramework(error: FastifyError): DomainError {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
    return tooLarge.body();
  }
  if (error.validation) return invalidInput.schema(validationMessage(error));
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return invalidInput('body', 'Content-Type must be application/json');
  if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return invalidInput('body', 'must be a JSON object');
  if (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP')) {
    return invalidInput.notJson(error.message);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return invalidInput.request(error.message);
  }
  return internal(error.stack ?? error.message);
}

export function toDomainError(error: unknown): DomainError {
  if (error instanceof DomainError) return error;
  if (isDatabaseUnavailable(error)) return unavailable.database(String(error));
  if (error instanceof Error) return fromFramework(error as FastifyError);
  return internal(String(error));
}

/** The body of a refusal in the route's answer style; undefined where the contract says "no body". */
function bodyOf(error: DomainError, request: FastifyRequest): object | undefined {
  const status = STATUS[error.code];
  // A 5xx never carries internal text: only the 503's own message, which says to try again.
  const message = status === 500 ? 'Internal error' : error.message;
  switch (answerStyleOf(request)) {
    case 'bank':
      if (status === 401 || status === 413) return undefined;
      if (status === 429) return { resultCode: BANK_RESULT.rateLimited, message };
      return { resultCode: status < 500 ? BANK_RESULT.invalidInput : BANK_RESULT.unavailable, message };
    case 'oauth':
      if (error.code === 'invalid_client') return INVALID_CLIENT;
      if (error.code === 'invalid_request' || error.code === 'unsupported_grant_type') return { error: error.code };
      if (status === 413 || status === 429) return undefined;
      if (status < 500) return { error: 'invalid_request', error_description: message };
      return { error: status === 503 ? 'temporarily_unavailable' : 'server_error', error_description: message };
    case 'admin':
      if (status === 413 || status === 429) return undefined;
      return { error: error.code, message, ...error.extra };
  }
}

/** The challenge a 401 carries (RFC 6750 §3, RFC 6749 §5.2), or none. */
function challengeOf(error: DomainError, request: FastifyRequest): string | undefined {
  if (STATUS[error.code] !== 401) return undefined;
  switch (answerStyleOf(request)) {
    case 'bank':
      // error="invalid_token" once a bearer token was attempted at all.
      return `Bearer realm="${REALM}"${/^bearer\b/i.test(request.headers.authorization ?? '') ? ', error="invalid_token"' : ''}`;
    case 'oauth':
      return request.headers.authorization === undefined ? undefined : `Basic realm="${REALM}", charset="UTF-8"`;
    case 'admin':
      return 'Bearer realm="admin"';
  }
}

function log(error: DomainError, cause: unknown, request: FastifyRequest): void {
  const status = STATUS[error.code];
  if (status === 503) {
    request.log.warn({ detail: error.detail }, 'service unavailable');
    return;
  }
  if (status >= 500) {
    request.log.error({ err: cause, detail: error.detail }, 'request failed');
    return;
  }
  const style = answerStyleOf(request);
  const what =
    style === 'oauth'
      ? 'token request refused'
      : style === 'bank' && status === 401
        ? 'bearer token refused'
        : 'request refused';
  request.log.info({ code: error.code, reason: error.detail ?? error.message }, what);
}

/** The one place where errors become HTTP answers. */
export function sendError(cause: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const error = toDomainError(cause);
  log(error, cause, request);
  request.refusal = error.code;
  const challenge = challengeOf(error, request);
  if (challenge) reply.header('www-authenticate', challenge);
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  reply.code(STATUS[error.code]);
  const body = bodyOf(error, request);
  return body === undefined ? reply.send() : reply.send(body);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The code of the error this request was refused with, for the metrics. */
    refusal?: ErrorCode;
  }
}
