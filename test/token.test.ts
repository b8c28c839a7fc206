import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { admin, bankCall, createBank, issueAndReveal, putMember, requestToken, tokenFor } from './support/bank.js';
import { SECOND } from './support/clock.js';
import { databaseKinds } from './support/databases.js';
import { json, startTestApp, type TestApp } from './support/test-app.js';

const TOKEN_URL = '/oauth/v1/token';
const FORM = 'application/x-www-form-urlencoded';
const GRANT = 'client_credentials';
const BODY_LIMIT = 4096;

type Fields = Record<string, string> | [string, string][];

const form = (fields: Fields) => new URLSearchParams(fields).toString();

function basic(clientId: string, clientSecret: string, scheme = 'Basic') {
  return `${scheme} ${Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64')}`;
}

/** Percent-encodes every character, the most a bank following RFC 6749 Appendix B might do. */
const encodeEveryChar = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

function postToken(
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

const credentialsForm = (clientId: string, clientSecret: string, extra: Fields = {}) =>
  form([['grant_type', GRANT], ['client_id', clientId], ['client_secret', clientSecret], ...Object.entries(extra)]);

/** A valid token request padded with an ignored parameter to exactly `size` bytes. */
function paddedForm(clientId: string, clientSecret: string, size: number): string {
  const head = `${credentialsForm(clientId, clientSecret)}&pad=`;
  assert.ok(head.length <= size, 'padding target smaller than the request itself');
  return head + 'a'.repeat(size - head.length);
}

function chunked(body: string, chunkSize = 1000): Readable {
  const chunks: Buffer[] = [];
  for (let i = 0; i < body.length; i += chunkSize) chunks.push(Buffer.from(body.slice(i, i + chunkSize)));
  return Readable.from(chunks);
}

function assertNoStore(response: LightMyRequestResponse) {
  assert.equal(response.headers['cache-control'], 'no-store', `Cache-Control on ${response.statusCode}`);
  assert.equal(response.headers.pragma, 'no-cache', `Pragma on ${response.statusCode}`);
}

function assertInvalidRequest(response: LightMyRequestResponse) {
  assert.equal(response.statusCode, 400, response.body);
  assert.deepEqual(json(response), { error: 'invalid_request' });
}

function assertRateLimited(response: LightMyRequestResponse) {
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

async function expectStatuses(requests: Array<() => Promise<LightMyRequestResponse>>, status: number) {
  for (const [index, send] of requests.entries()) {
    const response = await send();
    assert.equal(response.statusCode, status, `request ${index + 1}: ${response.body}`);
  }
}

const times = <T>(n: number, make: () => T): T[] => Array.from({ length: n }, make);

const unknownClientId = () => `unknown-${randomBytes(9).toString('base64url')}`;

async function revoke(app: FastifyInstance, clientId: string, secretId: string) {
  const response = await admin(app, 'DELETE', `/clients/${clientId}/secrets/${secretId}`);
  assert.equal(response.statusCode, 204, response.body);
}

let memberSequence = 0;
async function newMember(app: FastifyInstance): Promise<string> {
  memberSequence += 1;
  const customerRef = String(7_000_000 + memberSequence);
  await putMember(app, customerRef, `Member ${memberSequence}`);
  return customerRef;
}

for (const kind of databaseKinds()) {
  describe(`token endpoint (${kind})`, () => {
    describe('with the default configuration', () => {
      let t: TestApp;
      before(async () => (t = await startTestApp(kind)));
      after(() => t.close());

      describe('success', () => {
        it('answers exactly {access_token, token_type: "Bearer", expires_in: 3600}, with no refresh token', async () => {
          const bank = await createBank(t.app);
          const response = await requestToken(t.app, bank.clientId, bank.clientSecret);
          assert.equal(response.statusCode, 200, response.body);
          assert.match(String(response.headers['content-type']), /^application\/json/);
          const body = json(response);
          assert.deepEqual(Object.keys(body).sort(), ['access_token', 'expires_in', 'token_type']);
          assert.equal(typeof body.access_token, 'string');
          assert.ok(body.access_token.length > 0);
          assert.equal(body.token_type, 'Bearer');
          assert.equal(body.expires_in, 3600);
          assert.equal('refresh_token' in body, false);
        });

        it('marks a successful answer Cache-Control: no-store and Pragma: no-cache', async () => {
          const bank = await createBank(t.app);
          const response = await requestToken(t.app, bank.clientId, bank.clientSecret);
          assert.equal(response.statusCode, 200, response.body);
          assertNoStore(response);
        });

        it('issues a token that the bank API accepts as a Bearer token', async () => {
          const bank = await createBank(t.app);
          const customerRef = await newMember(t.app);
          const token = await tokenFor(t.app, bank.clientId, bank.clientSecret);
          const validated = await bankCall(t.app, token, 'validate', { customerRef });
          assert.equal(validated.statusCode, 200, validated.body);
        });

        it('accepts a charset parameter on the form content type', async () => {
          const bank = await createBank(t.app);
          for (const contentType of [`${FORM}; charset=UTF-8`, `${FORM};charset=utf-8`]) {
            const response = await postToken(t.app, {
              contentType,
              payload: credentialsForm(bank.clientId, bank.clientSecret),
            });
            assert.equal(response.statusCode, 200, `${contentType}: ${response.body}`);
          }
        });

        it('reads the media type case-insensitively', async () => {
          const bank = await createBank(t.app);
          const response = await postToken(t.app, {
            contentType: 'Application/X-WWW-Form-URLEncoded',
            payload: credentialsForm(bank.clientId, bank.clientSecret),
          });
          assert.equal(response.statusCode, 200, response.body);
        });

        it('ignores unknown form parameters', async () => {
          const bank = await createBank(t.app);
          const response = await postToken(t.app, {
            payload: credentialsForm(bank.clientId, bank.clientSecret, { scope: 'payments', audience: 'x', foo: '' }),
          });
          assert.equal(response.statusCode, 200, response.body);
        });

        it('accepts a body of exactly 4096 bytes', async () => {
          const bank = await createBank(t.app);
          const payload = paddedForm(bank.clientId, bank.clientSecret, BODY_LIMIT);
          assert.equal(Buffer.byteLength(payload), BODY_LIMIT);
          const response = await postToken(t.app, { payload });
          assert.equal(response.statusCode, 200, response.body);
        });

        it('reads a chunked body (no Content-Length) within the limit', async () => {
          const bank = await createBank(t.app);
          const response = await postToken(t.app, {
            payload: chunked(paddedForm(bank.clientId, bank.clientSecret, 3000), 700),
          });
          assert.equal(response.statusCode, 200, response.body);
        });
      });

      describe('HTTP Basic client authentication', () => {
        it('issues a token for credentials in the Authorization header', async () => {
          const bank = await createBank(t.app);
          const response = await postToken(t.app, {
            authorization: basic(bank.clientId, bank.clientSecret),
            payload: form({ grant_type: GRANT }),
          });
          assert.equal(response.statusCode, 200, response.body);
          assert.deepEqual(Object.keys(json(response)).sort(), ['access_token', 'expires_in', 'token_type']);
          assertNoStore(response);
        });

        it('reads the Basic scheme name case-insensitively', async () => {
          const bank = await createBank(t.app);
          for (const scheme of ['basic', 'BASIC', 'bAsIc']) {
            const response = await postToken(t.app, {
              authorization: basic(bank.clientId, bank.clientSecret, scheme),
              payload: form({ grant_type: GRANT }),
            });
            assert.equal(response.statusCode, 200, `${scheme}: ${response.body}`);
          }
        });

        it('form-urldecodes the client ID and secret in Basic (RFC 6749 Appendix B)', async () => {
          const bank = await createBank(t.app);
          const response = await postToken(t.app, {
            authorization: basic(encodeEveryChar(bank.clientId), encodeEveryChar(bank.clientSecret)),
            payload: form({ grant_type: GRANT }),
          });
          assert.equal(response.statusCode, 200, response.body);
        });

        it('keeps colons after the first one as part of the Basic secret', async () => {
          const bank = await createBank(t.app);
          const response = await postToken(t.app, {
            authorization: basic(bank.clientId, `${bank.clientSecret}:`),
            payload: form({ grant_type: GRANT }),
          });
          assert.equal(response.statusCode, 401, response.body);
        });
      });

      describe('400 invalid_request', () => {
        let bank: { clientId: string; clientSecret: string };
        before(async () => (bank = await createBank(t.app, 'Shape Bank')));

        it('refuses a JSON body with invalid_request', async () => {
          const response = await postToken(t.app, {
            contentType: 'application/json',
            payload: JSON.stringify({ grant_type: GRANT, client_id: bank.clientId, client_secret: bank.clientSecret }),
          });
          assertInvalidRequest(response);
          assertNoStore(response);
        });

        it('refuses a form-looking body sent as text/plain with invalid_request', async () => {
          const response = await postToken(t.app, {
            contentType: 'text/plain',
            payload: credentialsForm(bank.clientId, bank.clientSecret),
          });
          assertInvalidRequest(response);
        });

        it('refuses a body without a content type with invalid_request', async () => {
          const response = await postToken(t.app, {
            contentType: null,
            payload: credentialsForm(bank.clientId, bank.clientSecret),
          });
          assertInvalidRequest(response);
        });

        for (const name of ['grant_type', 'client_id', 'client_secret']) {
          it(`refuses a repeated ${name} with invalid_request, even with the same value twice`, async () => {
            const fields: [string, string][] = [
              ['grant_type', GRANT],
              ['client_id', bank.clientId],
              ['client_secret', bank.clientSecret],
            ];
            const repeated = fields.find(([field]) => field === name)!;
            const response = await postToken(t.app, { payload: form([...fields, repeated]) });
            assertInvalidRequest(response);
          });
        }

        it('refuses an Authorization header together with client_id in the form with invalid_request', async () => {
          const response = await postToken(t.app, {
            authorization: basic(bank.clientId, bank.clientSecret),
            payload: form({ grant_type: GRANT, client_id: bank.clientId }),
          });
          assertInvalidRequest(response);
          assert.equal(response.headers['www-authenticate'], undefined);
        });

        it('refuses an Authorization header together with client_secret in the form with invalid_request', async () => {
          const response = await postToken(t.app, {
            authorization: basic(bank.clientId, bank.clientSecret),
            payload: form({ grant_type: GRANT, client_secret: bank.clientSecret }),
          });
          assertInvalidRequest(response);
        });

        it('refuses an Authorization header together with both form credentials with invalid_request', async () => {
          const response = await postToken(t.app, {
            authorization: basic(bank.clientId, bank.clientSecret),
            payload: credentialsForm(bank.clientId, bank.clientSecret),
          });
          assertInvalidRequest(response);
        });

        it('refuses a missing grant_type with invalid_request', async () => {
          const response = await postToken(t.app, {
            payload: form({ client_id: bank.clientId, client_secret: bank.clientSecret }),
          });
          assertInvalidRequest(response);
        });

        it('refuses an empty grant_type with invalid_request', async () => {
          const response = await postToken(t.app, {
            payload: form({ grant_type: '', client_id: bank.clientId, client_secret: bank.clientSecret }),
          });
          assertInvalidRequest(response);
        });

        it('refuses an empty body with invalid_request', async () => {
          const response = await postToken(t.app, { payload: '' });
          assertInvalidRequest(response);
        });
      });

      describe('400 unsupported_grant_type', () => {
        let bank: { clientId: string; clientSecret: string };
        before(async () => (bank = await createBank(t.app, 'Grant Bank')));

        for (const grantType of [
          'password',
          'authorization_code',
          'refresh_token',
          'Client_Credentials',
          'client_credentials ',
        ]) {
          it(`refuses grant_type=${JSON.stringify(grantType)} with exactly {error: "unsupported_grant_type"}`, async () => {
            const response = await postToken(t.app, {
              payload: form({ grant_type: grantType, client_id: bank.clientId, client_secret: bank.clientSecret }),
            });
            assert.equal(response.statusCode, 400, response.body);
            assert.deepEqual(json(response), { error: 'unsupported_grant_type' });
            assertNoStore(response);
          });
        }
      });

      describe('order of the checks', () => {
        let bank: { clientId: string; clientSecret: string };
        before(async () => (bank = await createBank(t.app, 'Order Bank')));

        it('answers invalid_request before unsupported_grant_type: a repeated parameter with a foreign grant', async () => {
          const response = await postToken(t.app, {
            payload: form([
              ['grant_type', 'password'],
              ['client_id', bank.clientId],
              ['client_secret', bank.clientSecret],
              ['client_secret', 'x'],
            ]),
          });
          assertInvalidRequest(response);
        });

        it('answers invalid_request before unsupported_grant_type: a JSON body with a foreign grant', async () => {
          const response = await postToken(t.app, {
            contentType: 'application/json',
            payload: JSON.stringify({ grant_type: 'password' }),
          });
          assertInvalidRequest(response);
        });

        it('answers invalid_request before unsupported_grant_type: credentials in both places with a foreign grant', async () => {
          const response = await postToken(t.app, {
            authorization: basic(bank.clientId, bank.clientSecret),
            payload: form({ grant_type: 'password', client_id: bank.clientId }),
          });
          assertInvalidRequest(response);
        });

        it('answers unsupported_grant_type before invalid_client: a foreign grant with a wrong secret', async () => {
          const response = await postToken(t.app, {
            payload: form({ grant_type: 'password', client_id: bank.clientId, client_secret: 'wrong' }),
          });
          assert.equal(response.statusCode, 400, response.body);
          assert.deepEqual(json(response), { error: 'unsupported_grant_type' });
        });

        it('answers unsupported_grant_type before invalid_client: a foreign grant with a malformed Basic header', async () => {
          const response = await postToken(t.app, {
            authorization: 'Basic !!!',
            payload: form({ grant_type: 'password' }),
          });
          assert.equal(response.statusCode, 400, response.body);
          assert.deepEqual(json(response), { error: 'unsupported_grant_type' });
        });

        it('answers invalid_request before invalid_client: no grant_type and an unknown client', async () => {
          const response = await postToken(t.app, {
            payload: form({ client_id: unknownClientId(), client_secret: 'wrong' }),
          });
          assertInvalidRequest(response);
        });

        it('answers invalid_request before invalid_client: no grant_type and no credentials at all', async () => {
          const response = await postToken(t.app, { payload: form({ scope: 'x' }) });
          assertInvalidRequest(response);
        });
      });

      describe('401 invalid_client', () => {
        it('gives one byte-identical answer for every credential problem', async () => {
          const bank = await createBank(t.app, 'Credential Bank');
          const second = await issueAndReveal(t.app, bank.clientId);
          await revoke(t.app, bank.clientId, second.secretId);

          const problems: Record<string, () => Promise<LightMyRequestResponse>> = {
            'unknown client': () =>
              postToken(t.app, { payload: credentialsForm(unknownClientId(), bank.clientSecret) }),
            'wrong secret': () =>
              postToken(t.app, { payload: credentialsForm(bank.clientId, `${bank.clientSecret}x`) }),
            'revoked secret': () => postToken(t.app, { payload: credentialsForm(bank.clientId, second.clientSecret) }),
            'empty secret': () => postToken(t.app, { payload: credentialsForm(bank.clientId, '') }),
            'empty client ID': () => postToken(t.app, { payload: credentialsForm('', bank.clientSecret) }),
            'client_id without client_secret': () =>
              postToken(t.app, { payload: form({ grant_type: GRANT, client_id: bank.clientId }) }),
            'no credentials': () => postToken(t.app, { payload: form({ grant_type: GRANT }) }),
            'Basic unknown client': () =>
              postToken(t.app, {
                authorization: basic(unknownClientId(), bank.clientSecret),
                payload: form({ grant_type: GRANT }),
              }),
            'Basic wrong secret': () =>
              postToken(t.app, { authorization: basic(bank.clientId, 'wrong'), payload: form({ grant_type: GRANT }) }),
            'Basic empty secret': () =>
              postToken(t.app, { authorization: basic(bank.clientId, ''), payload: form({ grant_type: GRANT }) }),
            'Basic without credentials': () =>
              postToken(t.app, { authorization: 'Basic', payload: form({ grant_type: GRANT }) }),
            'Basic not base64': () =>
              postToken(t.app, { authorization: 'Basic !!!not-base64!!!', payload: form({ grant_type: GRANT }) }),
            'Basic without a colon': () =>
              postToken(t.app, {
                authorization: `Basic ${Buffer.from(bank.clientId).toString('base64')}`,
                payload: form({ grant_type: GRANT }),
              }),
            'Basic with a bad percent escape': () =>
              postToken(t.app, { authorization: basic(bank.clientId, '%zz'), payload: form({ grant_type: GRANT }) }),
            'another scheme in Authorization': () =>
              postToken(t.app, { authorization: `Bearer ${bank.clientSecret}`, payload: form({ grant_type: GRANT }) }),
          };

          const bodies = new Map<string, string>();
          for (const [problem, send] of Object.entries(problems)) {
            const response = await send();
            assert.equal(response.statusCode, 401, `${problem}: ${response.body}`);
            bodies.set(problem, response.rawPayload.toString('latin1'));
          }
          const [first, ...rest] = [...bodies.entries()];
          for (const [problem, body] of rest) {
            assert.equal(body, first![1], `${problem} answers like ${first![0]}`);
          }
        });

        it('carries error "invalid_client" and a string error_description, and nothing else', async () => {
          const response = await postToken(t.app, { payload: credentialsForm(unknownClientId(), 'nope') });
          assert.equal(response.statusCode, 401, response.body);
          const body = json(response);
          assert.deepEqual(Object.keys(body).sort(), ['error', 'error_description']);
          assert.equal(body.error, 'invalid_client');
          assert.equal(typeof body.error_description, 'string');
          assert.ok(body.error_description.length > 0);
          assertNoStore(response);
        });

        it('adds WWW-Authenticate: Basic realm="..." when the Authorization header was used', async () => {
          const bank = await createBank(t.app);
          for (const authorization of [
            basic(bank.clientId, 'wrong'),
            'Basic !!!',
            `basic ${Buffer.from('no-colon').toString('base64')}`,
          ]) {
            const response = await postToken(t.app, { authorization, payload: form({ grant_type: GRANT }) });
            assert.equal(response.statusCode, 401, response.body);
            assert.match(String(response.headers['www-authenticate']), /^Basic realm="[^"]+"/i, authorization);
          }
        });

        it('sends no WWW-Authenticate when the credentials were in the form or absent', async () => {
          const bank = await createBank(t.app);
          for (const payload of [credentialsForm(bank.clientId, 'wrong'), form({ grant_type: GRANT })]) {
            const response = await postToken(t.app, { payload });
            assert.equal(response.statusCode, 401, response.body);
            assert.equal(response.headers['www-authenticate'], undefined, payload);
          }
        });
      });

      describe('413 body too large', () => {
        it('answers a body over 4096 bytes with 413 and an empty body', async () => {
          const bank = await createBank(t.app);
          const payload = paddedForm(bank.clientId, bank.clientSecret, BODY_LIMIT + 1);
          const response = await postToken(t.app, { payload });
          assert.equal(response.statusCode, 413, response.body);
          assert.equal(response.body, '');
          assertNoStore(response);
        });

        it('answers a chunked body (no Content-Length) over 4096 bytes with 413 and an empty body', async () => {
          const bank = await createBank(t.app);
          const response = await postToken(t.app, {
            payload: chunked(paddedForm(bank.clientId, bank.clientSecret, 6000), 1000),
          });
          assert.equal(
            response.raw.req.headers['content-length'],
            undefined,
            'the request must really be sent without a length',
          );
          assert.equal(response.statusCode, 413, response.body);
          assert.equal(response.body, '');
          assertNoStore(response);
        });

        it('answers 413 whatever else is wrong with the request', async () => {
          const padding = 'x'.repeat(BODY_LIMIT + 1);
          const requests: Array<() => Promise<LightMyRequestResponse>> = [
            () => postToken(t.app, { contentType: 'application/json', payload: JSON.stringify({ padding }) }),
            () => postToken(t.app, { payload: form({ grant_type: 'password', padding }) }),
            () => postToken(t.app, { authorization: 'Basic !!!', payload: form({ grant_type: GRANT, padding }) }),
          ];
          for (const send of requests) {
            const response = await send();
            assert.equal(response.statusCode, 413, response.body);
            assert.equal(response.body, '');
          }
        });
      });

      describe('429 rate limit: 30 requests per client ID in 60 s', () => {
        it('answers the 31st request within 60 s with 429, an empty body and Retry-After', async () => {
          const bank = await createBank(t.app);
          await expectStatuses(
            times(30, () => () => requestToken(t.app, bank.clientId, bank.clientSecret)),
            200,
          );
          const response = await requestToken(t.app, bank.clientId, bank.clientSecret);
          assertRateLimited(response);
          assertNoStore(response);
        });

        it('counts requests that failed', async () => {
          const bank = await createBank(t.app);
          await expectStatuses(
            times(30, () => () => requestToken(t.app, bank.clientId, 'wrong')),
            401,
          );
          assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
        });

        it('counts requests for a client ID that does not exist', async () => {
          const clientId = unknownClientId();
          await expectStatuses(
            times(30, () => () => requestToken(t.app, clientId, 'wrong')),
            401,
          );
          assertRateLimited(await requestToken(t.app, clientId, 'wrong'));
        });

        it('does not let one client ID use up the allowance of another', async () => {
          const flooded = await createBank(t.app, 'Flooded Bank');
          const other = await createBank(t.app, 'Other Bank');
          await expectStatuses(
            times(30, () => () => requestToken(t.app, flooded.clientId, 'wrong')),
            401,
          );
          assertRateLimited(await requestToken(t.app, flooded.clientId, flooded.clientSecret));
          const response = await requestToken(t.app, other.clientId, other.clientSecret);
          assert.equal(response.statusCode, 200, response.body);
        });

        it('does not count 413 answers', async () => {
          const bank = await createBank(t.app);
          const oversized = paddedForm(bank.clientId, bank.clientSecret, BODY_LIMIT + 1);
          await expectStatuses(
            times(31, () => () => postToken(t.app, { payload: oversized })),
            413,
          );
          await expectStatuses(
            times(3, () => () => postToken(t.app, { payload: chunked(oversized) })),
            413,
          );
          const response = await requestToken(t.app, bank.clientId, bank.clientSecret);
          assert.equal(response.statusCode, 200, response.body);
        });

        it('answers 413 before 429 for an oversized body naming a limited client ID', async () => {
          const bank = await createBank(t.app);
          await expectStatuses(
            times(30, () => () => requestToken(t.app, bank.clientId, 'wrong')),
            401,
          );
          const response = await postToken(t.app, {
            payload: paddedForm(bank.clientId, bank.clientSecret, BODY_LIMIT + 1),
          });
          assert.equal(response.statusCode, 413, response.body);
          assert.equal(response.body, '');
        });

        it('answers 429 before 400 and 401 for a limited client ID', async () => {
          const bank = await createBank(t.app);
          await expectStatuses(
            times(30, () => () => requestToken(t.app, bank.clientId, 'wrong')),
            401,
          );
          assertRateLimited(
            await postToken(t.app, {
              payload: form({ grant_type: 'password', client_id: bank.clientId, client_secret: 'x' }),
            }),
          );
          assertRateLimited(
            await postToken(t.app, { payload: form({ client_id: bank.clientId, client_secret: 'x' }) }),
          );
          assertRateLimited(
            await postToken(t.app, {
              payload: form([
                ['grant_type', GRANT],
                ['grant_type', GRANT],
                ['client_id', bank.clientId],
              ]),
            }),
          );
          assertRateLimited(
            await postToken(t.app, {
              authorization: basic(bank.clientId, bank.clientSecret),
              payload: form({ grant_type: GRANT, client_id: bank.clientId }),
            }),
          );
          assertRateLimited(
            await postToken(t.app, {
              authorization: basic(bank.clientId, 'wrong'),
              payload: form({ grant_type: GRANT }),
            }),
          );
        });

        // Requests that arrive together are counted in one statement: each still gets its own place.
        it('counts simultaneous requests exactly: of 45 at once, 30 get tokens, and another client sending at the same time is not held back', async () => {
          const bank = await createBank(t.app);
          const other = await createBank(t.app);
          const answers = await Promise.all([
            ...times(45, () => requestToken(t.app, bank.clientId, bank.clientSecret)),
            ...times(5, () => requestToken(t.app, other.clientId, other.clientSecret)),
          ]);
          const statuses = answers.slice(0, 45).map((response) => response.statusCode);
          assert.equal(statuses.filter((status) => status === 200).length, 30, statuses.join(' '));
          for (const response of answers.slice(0, 45).filter((r) => r.statusCode !== 200)) assertRateLimited(response);
          assert.deepEqual(
            answers.slice(45).map((response) => response.statusCode),
            [200, 200, 200, 200, 200],
          );
          assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
        });

        it('opens again once the requests have left the 60 s window', async () => {
          const bank = await createBank(t.app);
          await expectStatuses(
            times(30, () => () => requestToken(t.app, bank.clientId, bank.clientSecret)),
            200,
          );
          assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
          t.clock.advance(59 * SECOND);
          assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
          t.clock.advance(2 * SECOND);
          const response = await requestToken(t.app, bank.clientId, bank.clientSecret);
          assert.equal(response.statusCode, 200, response.body);
        });

        // Hits are counted per second: one made late in a second must still count for a full 60 s.
        it('counts requests made late in a second for a full 60 s', async () => {
          const bank = await createBank(t.app);
          t.clock.advance(900);
          await expectStatuses(
            times(30, () => () => requestToken(t.app, bank.clientId, bank.clientSecret)),
            200,
          );
          t.clock.advance(59 * SECOND + 600);
          const refused = await requestToken(t.app, bank.clientId, bank.clientSecret);
          assertRateLimited(refused);
          t.clock.advance(SECOND);
          // The first 30 are now 60.6 s old; the refused one from 1 s ago still counts.
          await expectStatuses(
            times(29, () => () => requestToken(t.app, bank.clientId, bank.clientSecret)),
            200,
          );
          assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
        });

        it('slides: requests spread over the window count until each is 60 s old, with no reset at a window edge', async () => {
          const bank = await createBank(t.app);
          const send = () => () => requestToken(t.app, bank.clientId, bank.clientSecret);
          await expectStatuses(times(20, send), 200);
          t.clock.advance(45 * SECOND);
          await expectStatuses(times(10, send), 200);
          t.clock.advance(16 * SECOND);
          // The 20 early requests are now over 60 s old; the 10 from 16 s ago still count.
          await expectStatuses(times(20, send), 200);
          assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
        });
      });

      describe('secrets and token lifetime', () => {
        it('stops new tokens at once when a secret is revoked, while a token issued before keeps working', async () => {
          const bank = await createBank(t.app);
          const customerRef = await newMember(t.app);
          const earlier = await tokenFor(t.app, bank.clientId, bank.clientSecret);
          await revoke(t.app, bank.clientId, bank.secretId);

          const refused = await requestToken(t.app, bank.clientId, bank.clientSecret);
          assert.equal(refused.statusCode, 401, refused.body);
          assert.equal(json(refused).error, 'invalid_client');

          const validated = await bankCall(t.app, earlier, 'validate', { customerRef });
          assert.equal(validated.statusCode, 200, validated.body);
          assert.equal(json(validated).customerRef, customerRef);
        });

        it('lets both of two active secrets obtain tokens', async () => {
          const bank = await createBank(t.app);
          const second = await issueAndReveal(t.app, bank.clientId);
          assert.notEqual(second.clientSecret, bank.clientSecret);
          const customerRef = await newMember(t.app);
          for (const secret of [bank.clientSecret, second.clientSecret]) {
            const token = await tokenFor(t.app, bank.clientId, secret);
            const validated = await bankCall(t.app, token, 'validate', { customerRef });
            assert.equal(validated.statusCode, 200, validated.body);
          }
        });

        it('keeps the other active secret working after one of two is revoked', async () => {
          const bank = await createBank(t.app);
          const second = await issueAndReveal(t.app, bank.clientId);
          await revoke(t.app, bank.clientId, bank.secretId);
          assert.equal((await requestToken(t.app, bank.clientId, bank.clientSecret)).statusCode, 401);
          assert.equal((await requestToken(t.app, bank.clientId, second.clientSecret)).statusCode, 200);
        });

        it('expires a token 3600 s after issue: the bank API then answers 401', async () => {
          const bank = await createBank(t.app);
          const customerRef = await newMember(t.app);
          const token = await tokenFor(t.app, bank.clientId, bank.clientSecret);
          t.clock.advance(3599 * SECOND);
          const stillValid = await bankCall(t.app, token, 'validate', { customerRef });
          assert.equal(stillValid.statusCode, 200, stillValid.body);
          t.clock.advance(1 * SECOND);
          const expired = await bankCall(t.app, token, 'validate', { customerRef });
          assert.equal(expired.statusCode, 401, expired.body);
          assert.equal(expired.body, '');
        });

        it('expires a token issued before its secret was revoked on the same schedule', async () => {
          const bank = await createBank(t.app);
          const customerRef = await newMember(t.app);
          const token = await tokenFor(t.app, bank.clientId, bank.clientSecret);
          await revoke(t.app, bank.clientId, bank.secretId);
          t.clock.advance(3600 * SECOND);
          const expired = await bankCall(t.app, token, 'validate', { customerRef });
          assert.equal(expired.statusCode, 401, expired.body);
        });
      });
    });

    describe('with BIS_TOKEN_RATE_LIMIT=3', () => {
      let t: TestApp;
      // On disk for PGlite, so that a second instance can open the same data.
      let dataDir: string | undefined;
      before(async () => {
        dataDir = kind === 'pglite' ? await mkdtemp(join(tmpdir(), 'bis-token-test-')) : undefined;
        t = await startTestApp(kind, { config: { tokenRateLimit: 3 }, ...(dataDir ? { dataDir } : {}) });
      });
      after(async () => {
        await t.close();
        if (dataDir) await rm(dataDir, { recursive: true, force: true });
      });

      it('honours the configured limit: the 4th request within 60 s gets 429', async () => {
        const bank = await createBank(t.app);
        await expectStatuses(
          times(3, () => () => requestToken(t.app, bank.clientId, bank.clientSecret)),
          200,
        );
        assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
      });

      it('counts requests naming the client ID by Basic and by form alike', async () => {
        const bank = await createBank(t.app);
        const byBasic = () =>
          postToken(t.app, {
            authorization: basic(bank.clientId, bank.clientSecret),
            payload: form({ grant_type: GRANT }),
          });
        const byForm = () => requestToken(t.app, bank.clientId, bank.clientSecret);
        await expectStatuses([byBasic, byForm, byBasic], 200);
        assertRateLimited(await byForm());
        assertRateLimited(await byBasic());
      });

      it('counts a form-urlencoded Basic client ID as the same client ID', async () => {
        const bank = await createBank(t.app);
        const encoded = () =>
          postToken(t.app, {
            authorization: basic(encodeEveryChar(bank.clientId), encodeEveryChar(bank.clientSecret)),
            payload: form({ grant_type: GRANT }),
          });
        await expectStatuses([encoded, encoded, encoded], 200);
        assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
      });

      it('counts requests that failed with 400 or 401', async () => {
        const bank = await createBank(t.app);
        await expectStatuses([() => requestToken(t.app, bank.clientId, 'wrong')], 401);
        await expectStatuses(
          [
            () =>
              postToken(t.app, {
                payload: form({ grant_type: 'password', client_id: bank.clientId, client_secret: bank.clientSecret }),
              }),
            () => postToken(t.app, { payload: form({ client_id: bank.clientId, client_secret: bank.clientSecret }) }),
          ],
          400,
        );
        assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
      });

      it('reads the client ID from Basic as the part before the first colon', async () => {
        const bank = await createBank(t.app);
        const colons = () =>
          postToken(t.app, {
            authorization: basic(bank.clientId, `${bank.clientSecret}:extra`),
            payload: form({ grant_type: GRANT }),
          });
        await expectStatuses([colons, colons, colons], 401);
        assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
      });

      it('counts 429 answers themselves', async () => {
        const bank = await createBank(t.app);
        const send = () => requestToken(t.app, bank.clientId, bank.clientSecret);
        await expectStatuses([send, send, send], 200);
        t.clock.advance(30 * SECOND);
        assertRateLimited(await send());
        t.clock.advance(31 * SECOND);
        // The first three are now out of the window; the 429 from 31 s ago still takes a place.
        await expectStatuses([send, send], 200);
        assertRateLimited(await send());
      });

      it('lets a request through once the Retry-After delay has passed', async () => {
        const bank = await createBank(t.app);
        const send = () => requestToken(t.app, bank.clientId, bank.clientSecret);
        await expectStatuses([send, send, send], 200);
        const retryAfter = assertRateLimited(await send());
        t.clock.advance(retryAfter * SECOND);
        const response = await send();
        assert.equal(response.statusCode, 200, response.body);
      });

      it('does not count 413 answers', async () => {
        const bank = await createBank(t.app);
        const oversized = paddedForm(bank.clientId, bank.clientSecret, BODY_LIMIT + 1);
        await expectStatuses(
          times(5, () => () => postToken(t.app, { payload: oversized })),
          413,
        );
        await expectStatuses(
          times(3, () => () => requestToken(t.app, bank.clientId, bank.clientSecret)),
          200,
        );
      });

      it('marks a 429 answer Cache-Control: no-store and Pragma: no-cache', async () => {
        const bank = await createBank(t.app);
        await expectStatuses(
          times(3, () => () => requestToken(t.app, bank.clientId, 'wrong')),
          401,
        );
        const response = await requestToken(t.app, bank.clientId, bank.clientSecret);
        assertRateLimited(response);
        assertNoStore(response);
      });

      // Kept last: it replaces the app under test with a new instance on the same data.
      it('keeps the count with the data, so another instance on the same database still refuses', async () => {
        const bank = await createBank(t.app);
        await expectStatuses(
          times(3, () => () => requestToken(t.app, bank.clientId, bank.clientSecret)),
          200,
        );
        t = await t.restart();
        assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
      });
    });
  });
}
