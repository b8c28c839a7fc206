import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { bankCall, bankWithToken, putMember } from './support/bank.js';
import { HOUR, SECOND } from './support/clock.js';
import { databaseKinds } from './support/databases.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp, useRestartableApp } from './support/test-app.js';

type Endpoint = 'validate' | 'payments';
const ENDPOINTS: Endpoint[] = ['validate', 'payments'];
const MEMBER = '1234567';

let references = 0;
function validBody(endpoint: Endpoint) {
  if (endpoint === 'validate') return { customerRef: MEMBER };
  references += 1;
  return { transactionReference: `AUTH-${references}`, paymentType: 'MPESA', customerRef: MEMBER, amount: '100.00' };
}

function call(
  app: FastifyInstance,
  endpoint: Endpoint,
  authorization: string | undefined,
  payload: unknown = validBody(endpoint),
) {
  return app.inject({
    method: 'POST',
    url: `/bank/v1/${endpoint}`,
    headers: { 'content-type': 'application/json', ...(authorization === undefined ? {} : { authorization }) },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/** The auth-params of a `Bearer` challenge (RFC 6750 §3), by name. */
function bearerChallenge(response: LightMyRequestResponse): Record<string, string> {
  const header = response.headers['www-authenticate'];
  assert.equal(typeof header, 'string', 'WWW-Authenticate is present');
  const match = /^Bearer\s+(.*)$/i.exec(header as string);
  assert.ok(match, `a Bearer challenge: ${String(header)}`);
  const params: Record<string, string> = {};
  for (const part of match[1]!.matchAll(/([A-Za-z_]+)="([^"]*)"/g)) params[part[1]!.toLowerCase()] = part[2]!;
  return params;
}

/** 401 with no body and a Bearer challenge naming a realm; `presented` decides whether error="invalid_token" belongs. */
function assertRefused(response: LightMyRequestResponse, presented: boolean | 'either', label: string) {
  assert.equal(response.statusCode, 401, `${label}: ${response.statusCode} ${response.body}`);
  assert.equal(response.rawPayload.length, 0, `${label}: body must be empty, got ${JSON.stringify(response.body)}`);
  const challenge = bearerChallenge(response);
  assert.ok(challenge.realm, `${label}: realm is named in ${String(response.headers['www-authenticate'])}`);
  if (presented === true)
    assert.equal(challenge.error, 'invalid_token', `${label}: ${String(response.headers['www-authenticate'])}`);
  if (presented === false)
    assert.equal(challenge.error, undefined, `${label}: ${String(response.headers['www-authenticate'])}`);
}

/** Each of `authorizations` is refused on both endpoints (see assertRefused), labelled by `label`. */
async function assertEachRefused(
  app: FastifyInstance,
  authorizations: string[],
  presented: boolean | 'either',
  label: (endpoint: Endpoint, authorization: string) => string = (endpoint) => endpoint,
) {
  for (const endpoint of ENDPOINTS) {
    for (const authorization of authorizations)
      assertRefused(await call(app, endpoint, authorization), presented, label(endpoint, authorization));
  }
}

/** Each of `tokens`, sent as a Bearer token, is refused on both endpoints with error="invalid_token". */
const assertEachTokenRefused = (app: FastifyInstance, tokens: string[]) =>
  assertEachRefused(
    app,
    tokens.map((token) => `Bearer ${token}`),
    true,
  );

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A different base64url character at `index`, so every decoded bit that position carries changes. */
function flipAt(segment: string, index: number): string {
  const replacement = segment[index] === 'A' ? 'B' : 'A';
  return segment.slice(0, index) + replacement + segment.slice(index + 1);
}

for (const kind of databaseKinds()) {
  describe(`bearer protection of /bank/v1 (${kind})`, () => {
    let t: TestApp;

    before(async () => {
      t = await startTestApp(kind);
      await putMember(t.app, MEMBER, 'Jane Wanjiru');
    });
    after(() => t.close());

    /** A fresh bank and token that has validated the member, so a good token gets 200 on both endpoints. */
    async function readyBank() {
      const bank = await bankWithToken(t.app);
      const validated = await bankCall(t.app, bank.token, 'validate', { customerRef: MEMBER });
      assert.equal(validated.statusCode, 200, validated.body);
      return bank;
    }

    it('accepts a valid token on both endpoints (the baseline for every refusal below)', async () => {
      const { token } = await readyBank();
      for (const endpoint of ENDPOINTS) {
        const response = await call(t.app, endpoint, `Bearer ${token}`);
        assert.equal(response.statusCode, 200, `${endpoint}: ${response.body}`);
      }
    });

    it('answers 401 with no body and a Bearer realm challenge without error= when the Authorization header is missing', async () => {
      for (const endpoint of ENDPOINTS) assertRefused(await call(t.app, endpoint, undefined), false, endpoint);
    });

    it('answers 401 with no body and error="invalid_token" for a malformed Bearer header', async () => {
      const { token } = await readyBank();
      const headers = [
        'Bearer',
        'Bearer ',
        'Bearer  ',
        `Bearer ${token} extra`,
        `Bearer ${token},${token}`,
        `Bearer "${token}"`,
        'Bearer not-a-jwt',
      ];
      await assertEachRefused(t.app, headers, true, (endpoint, header) => `${endpoint} ${JSON.stringify(header)}`);
    });

    // RFC 6750 §3.1 leaves out the error code when no bearer token was attempted, so only the challenge is pinned here.
    it('answers 401 with no body and a Bearer challenge for an Authorization header of another scheme or no scheme', async () => {
      const { token } = await readyBank();
      const headers = [
        `Basic ${Buffer.from('client:secret').toString('base64')}`,
        `Token ${token}`,
        token,
        `Bearer-${token}`,
        '',
      ];
      await assertEachRefused(
        t.app,
        headers,
        'either',
        (endpoint, header) => `${endpoint} ${JSON.stringify(header.slice(0, 20))}`,
      );
    });

    it('answers 401 with no body and error="invalid_token" for a garbage token', async () => {
      const garbage = [
        'abc.def.ghi',
        randomBytes(32).toString('base64url'),
        `${b64url({ alg: 'HS256' })}.${b64url({})}.${randomBytes(32).toString('base64url')}`,
        'a'.repeat(2000),
      ];
      for (const endpoint of ENDPOINTS) {
        for (const token of garbage)
          assertRefused(await call(t.app, endpoint, `Bearer ${token}`), true, `${endpoint} ${token.slice(0, 20)}`);
      }
    });

    it('answers 401 with no body and error="invalid_token" for a token whose signature was altered', async () => {
      const { token } = await readyBank();
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const tampered = [
        `${header}.${payload}.${flipAt(signature, 0)}`,
        `${header}.${payload}.${flipAt(signature, Math.floor(signature.length / 2))}`,
        `${header}.${payload}.`,
        `${header}.${payload}`,
      ];
      await assertEachTokenRefused(t.app, tampered);
    });

    it('answers 401 with no body and error="invalid_token" for a token whose payload was altered', async () => {
      const { token } = await readyBank();
      const other = await bankWithToken(t.app, 'Other Bank');
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const claims = decodeJwt(token);
      const tampered = [
        `${header}.${flipAt(payload, Math.floor(payload.length / 2))}.${signature}`,
        `${header}.${b64url({ ...claims, exp: (claims.exp ?? 0) + 24 * 3600 })}.${signature}`,
        `${header}.${b64url({ ...claims, sub: other.clientId })}.${signature}`,
      ];
      await assertEachTokenRefused(t.app, tampered);
    });

    it('answers 401 with no body and error="invalid_token" for an unsigned alg "none" token with the same claims', async () => {
      const { token } = await readyBank();
      const claims = decodeJwt(token);
      const [, , signature] = token.split('.') as [string, string, string];
      const unsigned = [
        `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.`,
        `${b64url({ alg: 'none' })}.${b64url(claims)}.`,
        `${b64url({ alg: 'None', typ: 'JWT' })}.${b64url(claims)}.`,
        `${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(claims)}.${signature}`,
      ];
      await assertEachTokenRefused(t.app, unsigned);
    });

    it('answers 401 with no body and error="invalid_token" for a token with the same claims signed with another key', async () => {
      const { token } = await readyBank();
      const claims = decodeJwt(token);
      assert.equal(decodeProtectedHeader(token).alg, 'HS256', 'the forgery uses the same algorithm as a real token');
      const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(randomBytes(32));
      assert.deepEqual(decodeJwt(forged), claims);
      for (const endpoint of ENDPOINTS) assertRefused(await call(t.app, endpoint, `Bearer ${forged}`), true, endpoint);
    });

    it('answers 401 with no body and error="invalid_token" once a token is past its 3600 seconds', async () => {
      const { token } = await readyBank();
      t.clock.advance(3599 * SECOND);
      const stillValid = await call(t.app, 'validate', `Bearer ${token}`);
      assert.equal(stillValid.statusCode, 200, `at 3599 s: ${stillValid.body}`);
      t.clock.advance(2 * SECOND);
      for (const endpoint of ENDPOINTS)
        assertRefused(await call(t.app, endpoint, `Bearer ${token}`), true, `${endpoint} at 3601 s`);
      t.clock.advance(HOUR);
      for (const endpoint of ENDPOINTS)
        assertRefused(await call(t.app, endpoint, `Bearer ${token}`), true, `${endpoint} at 7201 s`);
    });

    it('reads the Bearer scheme case-insensitively', async () => {
      const { token } = await readyBank();
      for (const scheme of ['bearer', 'BEARER', 'Bearer', 'bEaReR']) {
        for (const endpoint of ENDPOINTS) {
          const response = await call(t.app, endpoint, `${scheme} ${token}`);
          assert.equal(response.statusCode, 200, `${scheme} ${endpoint}: ${response.body}`);
        }
      }
    });

    it('does not accept the admin token as a bank token', async () => {
      for (const endpoint of ENDPOINTS) {
        assertRefused(await call(t.app, endpoint, `Bearer ${ADMIN_TOKEN}`), true, endpoint);
      }
    });

    it('does not accept a bank access token on the admin API', async () => {
      const { token } = await readyBank();
      const list = await t.app.inject({
        method: 'GET',
        url: '/admin/v1/clients',
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(list.statusCode, 401, list.body);
      assert.ok(!list.body.includes('Test Bank'), list.body);

      const write = await t.app.inject({
        method: 'PUT',
        url: '/admin/v1/members/7000001',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ fullName: 'Intruder', status: 'active' }),
      });
      assert.equal(write.statusCode, 401, write.body);
      const lookup = await t.app.inject({
        method: 'GET',
        url: '/admin/v1/members/7000001',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      assert.equal(lookup.statusCode, 404, lookup.body);
    });

    it('answers 401 before looking at the body: a bad or missing token with an invalid body gets 401, not 400', async () => {
      const invalidBodies: unknown[] = [
        '{not json',
        '[]',
        'null',
        {},
        { customerRef: 1234567 },
        { transactionReference: 5 },
      ];
      for (const endpoint of ENDPOINTS) {
        for (const payload of invalidBodies) {
          const label = `${endpoint} ${typeof payload === 'string' ? payload : JSON.stringify(payload)}`;
          assertRefused(await call(t.app, endpoint, 'Bearer garbage.token.here', payload), true, label);
          assertRefused(await call(t.app, endpoint, undefined, payload), false, label);
        }
      }
    });

    it('answers 401 before looking at the body size: a bad token with an oversized body gets 401, not 413', async () => {
      const huge = { customerRef: MEMBER, padding: 'x'.repeat(70 * 1024) };
      for (const endpoint of ENDPOINTS)
        assertRefused(await call(t.app, endpoint, 'Bearer garbage.token.here', huge), true, endpoint);
    });
  });

  describe(`bank access tokens survive a restart (${kind})`, () => {
    const t = useRestartableApp(kind);

    it('accepts a token issued before the restart on validate and payments', async () => {
      await putMember(t.app, MEMBER, 'Jane Wanjiru');
      const bank = await bankWithToken(t.app);
      assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: MEMBER })).statusCode, 200);

      await t.restart();

      const validated = await bankCall(t.app, bank.token, 'validate', { customerRef: MEMBER });
      assert.equal(validated.statusCode, 200, validated.body);
      assert.deepEqual(json(validated), {
        resultCode: 0,
        message: 'Customer found',
        customerName: 'Jane Wanjiru',
        customerRef: MEMBER,
      });
      const paid = await call(t.app, 'payments', `Bearer ${bank.token}`);
      assert.equal(paid.statusCode, 200, paid.body);
    });
  });
}
