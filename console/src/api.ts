import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from './api-types.js';

let csrfToken: string | undefined;

/** The session's CSRF token, sent with every request that changes something. */
export const setCsrfToken = (token: string | undefined) => {
  csrfToken = token;
};

const withCsrf: Middleware = {
  onRequest({ request }) {
    if (csrfToken && request.method !== 'GET' && request.method !== 'HEAD')
      request.headers.set('x-csrf-token', csrfToken);
    return request;
  },
};

/** The admin API, typed from the service's own OpenAPI document (src/api-types.ts is generated from it). */
export const api = createClient<paths>({ baseUrl: '', credentials: 'same-origin' });
api.use(withCsrf);

/** The message of an error answer, for a person. */
export const messageOf = (error: unknown): string =>
  typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string'
    ? error.message
    : 'The service did not answer as expected: try again.';
