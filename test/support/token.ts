import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { TOKEN_BODY_LIMIT } from '../../src/routes/oauth/token.js';
import { admin, putMember, requestToken } from './bank.js';
import { newMemberNumber } from './money-desk.js';
import { json } from './test-app.js';

// What the tests of POST /oauth/v1/token share: how to send a request, and what its answers must be.

export const TOKEN_URL = '/oauth/v1/token';
export const FORM = 'application/x-www-form-urlencoded';
export const GRANT = 'client_credentials';
export const BODY_LIMIT = TOKEN_BODY_LIMIT;

export type Fields = Record<string, string> | [string, string][];

export const form = (fields: Fields) => new URLSearchParams(fields).toString();

/** Percent-encodes every character, the most a bank following RFC 6749 Appendix B might do. */
export const encodeEveryChar = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

export function postToken(
  app: FastifyInstance,
  options: { payload?: InjectOptions['payload']; contentType?: string | null; authorization?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.contentType !== null) headers['content-type'] = options.contentType ?? FORM;
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  return app.inject({
    method: 'POST',
    url: TOKEN_URL,
    headers,
    ...(options.payload === undefined ? {} : { payload: options.payload }),
  });
}

export const credentialsForm = (clientId: string, clientSecret: string, extra: Fields = {}) =>
  form([['grant_type', GRANT], ['client_id', clientId], ['client_secret', clientSecret], ...Object.entries(extra)]);

/** A valid token request padded with an ignored parameter to exactly `size` bytes. */
export function paddedForm(clientId: string, clientSecret: string, size: number): string {
  const head = `${credentialsForm(clientId, clientSecret)}&pad=`;
  assert.ok(head.length <= size, 'padding target smaller than the request itself');
  return head + 'a'.repeat(size - head.length);
}

export function chunked(body: string, chunkSize = 1000): Readable {
  const chunks: Buffer[] = [];
  for (let i = 0; i < body.length; i += chunkSize) chunks.push(Buffer.from(body.slice(i, i + chunkSize)));
  return Readable.from(chunks);
}

export function assertNoStore(response: LightMyRequestResponse) {
  assert.equal(response.headers['cache-control'], 'no-store', `Cache-Control on ${response.statusCode}`);
  assert.equal(response.headers.pragma, 'no-cache', `Pragma on ${response.statusCode}`);
}

export function assertInvalidRequest(response: LightMyRequestResponse) {
  assert.equal(response.statusCode, 400, response.body);
  assert.deepEqual(json(response), { error: 'invalid_request' });
}

export function assertUnsupportedGrant(response: LightMyRequestResponse) {
  assert.equal(response.statusCode, 400, response.body);
  assert.deepEqual(json(response), { error: 'unsupported_grant_type' });
}

export function assertTooLarge(response: LightMyRequestResponse) {
  assert.equal(response.statusCode, 413, response.body);
  assert.equal(response.body, '');
}

/** Asks for a token with credentials that no longer work: 401 invalid_client. */
export async function assertTokenRefused(app: FastifyInstance, clientId: string, clientSecret: string) {
  const refused = await requestToken(app, clientId, clientSecret);
  assert.equal(refused.statusCode, 401, refused.body);
  assert.equal(json(refused).error, 'invalid_client');
}

export function assertRateLimited(response: LightMyRequestResponse) {
  assert.equal(response.statusCode, 429, response.body);
  assert.equal(response.body, '');
  const retryAfter = response.headers['retry-after'];
  assert.match(String(retryAfter), /^\d+$/, 'Retry-After is delay-seconds');
  const seconds = Number(retryAfter);
  // Hits are counted per second and stay in the window 60 to 61 s, never less.
  assert.ok(
    seconds >= 1 && seconds <= 61,
    `Retry-After ${seconds} lies within the 60 s window and the second it began in`,
  );
  return seconds;
}

export async function expectStatuses(requests: Array<() => Promise<LightMyRequestResponse>>, status: number) {
  for (const [index, send] of requests.entries()) {
    const response = await send();
    assert.equal(response.statusCode, status, `request ${index + 1}: ${response.body}`);
  }
}

/** Sends `count` token requests for a client, one after another, each of which must be answered `status`. */
export function requestTokens(
  app: FastifyInstance,
  count: number,
  clientId: string,
  clientSecret: string,
  status: number,
) {
  return expectStatuses(
    times(count, () => () => requestToken(app, clientId, clientSecret)),
    status,
  );
}

/** Sends `count` token requests for a client with a body one byte over the limit, each of which must be answered 413. */
export async function sendOversized(app: FastifyInstance, count: number, clientId: string, clientSecret: string) {
  const oversized = paddedForm(clientId, clientSecret, BODY_LIMIT + 1);
  await expectStatuses(
    times(count, () => () => postToken(app, { payload: oversized })),
    413,
  );
  return oversized;
}

/** Asks once more for a client that used up its allowance: 429, and no cache may keep the answer. */
export async function assertNextRateLimited(app: FastifyInstance, clientId: string, clientSecret: string) {
  const response = await requestToken(app, clientId, clientSecret);
  assertRateLimited(response);
  assertNoStore(response);
}

export const times = <T>(n: number, make: () => T): T[] => Array.from({ length: n }, make);

export const unknownClientId = () => `unknown-${randomBytes(9).toString('base64url')}`;

export async function revoke(app: FastifyInstance, clientId: string, secretId: string) {
  const response = await admin(app, 'DELETE', `/clients/${clientId}/secrets/${secretId}`);
  assert.equal(response.statusCode, 204, response.body);
}

/** A new active member, not validated by anyone. */
export async function newMember(app: FastifyInstance): Promise<string> {
  const customerRef = newMemberNumber();
  await putMember(app, customerRef, `Member ${customerRef}`);
  return customerRef;
}
