import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DUMMY_PASSWORD_HASH, HASH_SLOTS, verifyPassword } from '../../src/auth/passwords.js';
import { MINUTE } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { addOperator, apiToken, asPage, signIn, signInRequest } from '../support/operators.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`signing in (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    const whoAmI = (cookie: string) => t.app.inject({ method: 'GET', url: '/admin/v1/session', headers: { cookie } });

    it('sets an HttpOnly, SameSite=Strict session cookie for the whole service, and GET /session says who', async () => {
      const operator = await addOperator(t.app, 'finance');
      const response = await signInRequest(t.app, operator.email.toUpperCase(), operator.password);
      assert.equal(response.statusCode, 200, response.body);
      const cookie = String(response.headers['set-cookie']);
      assert.match(cookie, /^bis_session=[A-Za-z0-9_-]{43}; /);
      for (const attribute of ['HttpOnly', 'SameSite=Strict', 'Path=/'])
        assert.ok(cookie.includes(attribute), attribute);
      assert.ok(!cookie.includes('Secure'), 'not Secure while BIS_PUBLIC_URL is http');
      assert.equal(json(response).operator.email, operator.email);
      const me = await whoAmI(cookie.split(';')[0] ?? '');
      assert.equal(me.statusCode, 200);
      assert.deepEqual([json(me).kind, json(me).operator.role], ['operator', 'finance']);
      assert.equal(typeof json(me).csrfToken, 'string');
    });

    it('marks the cookie Secure when the service is reached over https', async () => {
      const https = await startTestApp(kind, { config: { publicUrl: 'https://pay.sacco.example' } });
      try {
        const operator = await addOperator(https.app, 'viewer');
        const response = await https.app.inject({
          method: 'POST',
          url: '/admin/v1/session',
          headers: { origin: 'https://pay.sacco.example' },
          payload: { email: operator.email, password: operator.password },
        });
        assert.match(String(response.headers['set-cookie']), /; Secure/);
      } finally {
        await https.close();
      }
    });

    it('signs out with DELETE /session: the cookie stops working', async () => {
      const operator = await addOperator(t.app, 'viewer');
      const session = await signIn(t.app, operator.email, operator.password);
      const out = await t.app.inject({ method: 'DELETE', url: '/admin/v1/session', headers: asPage(session) });
      assert.equal(out.statusCode, 204);
      assert.match(String(out.headers['set-cookie']), /Max-Age=0/);
      assert.equal((await whoAmI(session.cookie)).statusCode, 401);
    });

    it('ends a session after 30 minutes idle and after 12 hours in all', async () => {
      const operator = await addOperator(t.app, 'viewer');
      const idle = await signIn(t.app, operator.email, operator.password);
      t.clock.advance(29 * MINUTE);
      assert.equal((await whoAmI(idle.cookie)).statusCode, 200, 'used within 30 minutes');
      t.clock.advance(29 * MINUTE);
      assert.equal((await whoAmI(idle.cookie)).statusCode, 200, 'still used within 30 minutes of the last request');
      t.clock.advance(31 * MINUTE);
      assert.equal((await whoAmI(idle.cookie)).statusCode, 401, 'idle for 31 minutes');

      const long = await signIn(t.app, operator.email, operator.password);
      for (let minutes = 20; minutes < 12 * 60; minutes += 20) {
        t.clock.advance(20 * MINUTE);
        assert.equal((await whoAmI(long.cookie)).statusCode, 200, `used every 20 minutes, at ${minutes}`);
      }
      t.clock.advance(25 * MINUTE);
      assert.equal((await whoAmI(long.cookie)).statusCode, 401, 'over 12 hours, however busy');
    });

    it('ends every session of an operator who changes their password, and theirs only', async () => {
      const operator = await addOperator(t.app, 'viewer');
      const other = await addOperator(t.app, 'viewer');
      const first = await signIn(t.app, operator.email, operator.password);
      const second = await signIn(t.app, operator.email, operator.password);
      const others = await signIn(t.app, other.email, other.password);
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/admin/v1/operators/me/password',
        headers: asPage(first),
        payload: { currentPassword: operator.password, newPassword: 'a completely new passphrase' },
      });
      assert.equal(changed.statusCode, 204, changed.body);
      assert.equal((await whoAmI(first.cookie)).statusCode, 401);
      assert.equal((await whoAmI(second.cookie)).statusCode, 401);
      assert.equal((await whoAmI(others.cookie)).statusCode, 200);
      assert.equal((await signInRequest(t.app, operator.email, operator.password)).statusCode, 401);
      assert.equal((await signInRequest(t.app, operator.email, 'a completely new passphrase')).statusCode, 200);
    });

    it("stops a disabled operator's session and API token at once", async () => {
      const operator = await addOperator(t.app, 'finance');
      const session = await signIn(t.app, operator.email, operator.password);
      const { token } = await apiToken(t.app, session);
      const bearer = { authorization: `Bearer ${token}` };
      assert.equal((await t.app.inject({ method: 'GET', url: '/admin/v1/clients', headers: bearer })).statusCode, 200);
      const disabled = await t.app.inject({
        method: 'PATCH',
        url: `/admin/v1/operators/${operator.operatorId}`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { disabled: true },
      });
      assert.equal(disabled.statusCode, 200);
      assert.equal((await t.app.inject({ method: 'GET', url: '/admin/v1/clients', headers: bearer })).statusCode, 401);
      assert.equal((await whoAmI(session.cookie)).statusCode, 401);
    });

    it('gives an unknown email and a wrong password the same answer, and checks a password for both', async () => {
      const operator = await addOperator(t.app, 'viewer');
      const wrong = await signInRequest(t.app, operator.email, 'not the right passphrase');
      const unknown = await signInRequest(t.app, 'nobody@sacco.example', 'not the right passphrase');
      assert.equal(wrong.statusCode, 401);
      assert.equal(unknown.statusCode, 401);
      assert.equal(unknown.body, wrong.body);
      // The unknown email costs a password check too. Told by order, not by a clock: with every
      // hashing slot of the process taken by a check of our own, its answer can only come after one
      // of those has ended; answered without a check, it would come while they still run.
      const ended: string[] = [];
      const blockers = Array.from({ length: HASH_SLOTS }, () =>
        verifyPassword('not the right passphrase', DUMMY_PASSWORD_HASH).then(() => ended.push('a check')),
      );
      const signedIn = signInRequest(t.app, 'someone-else@sacco.example', 'not the right passphrase').then(
        (response) => {
          ended.push('the sign-in');
          return response;
        },
      );
      assert.equal((await signedIn).statusCode, 401);
      await Promise.all(blockers);
      assert.equal(ended[0], 'a check', 'an unknown email was answered without a password check');
    });
  });
}
