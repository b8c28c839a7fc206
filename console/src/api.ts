import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './api-types.js';

let csrfTokenValue: string | undefined;

/** The session's CSRF token, sent with every request that changes something. */
export const setCsrfToken = (token: string | undefined) => {
  csrfTokenValue = token;
};

/** The session's CSRF token, for a request made without the client (an upload that reports its progress). */
export const csrfToken = () => csrfTokenValue;

const withCsrf: Middleware = {
  onRequest({ request }) {
    if (csrfTokenValue && request.method !== 'GET' && request.method !== 'HEAD')
      request.headers.set('x-csrf-token', csrfTokenValue);
    return request;
  },
};

let whenSessionEnds: (() => void) | undefined;

/** What the console does when the API says the session is over (idle too long, ended elsewhere). */
export const onSessionEnded = (handler: () => void) => {
  whenSessionEnds = handler;
};

/**
 * A 401 from any call but signing in means the session is over: every page then offers to sign in
 * again instead of showing a refusal. Signing in answers 401 to a wrong password itself.
 */
export const noticeEnded = (status: number, url: string) => {
  if (status === 401 && !new URL(url, window.location.href).pathname.startsWith('/admin/v1/session'))
    whenSessionEnds?.();
};

const sessionEnds: Middleware = {
  onResponse({ request, response }) {
    noticeEnded(response.status, request.url);
    return response;
  },
};

/** The admin API, typed from the service's own OpenAPI document (api-types.d.ts is generated from it). */
export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });
api.use(withCsrf, sessionEnds);

/** The message of an error answer, for a person. */
export const messageOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
    ? error.message
    : 'The service did not answer as expected: try again.';
