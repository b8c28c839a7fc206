import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { addOperator, asPage, type Session, signIn, signInRequest, totpCode } from '../support/operators.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`two-factor sign-in (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    /** An operator with two-factor sign-in on: their key and recovery codes. */
    async function withTwoFactor(role: 'viewer' | 'admin' = 'viewer') {
      const operator = await addOperator(t.app, role);
      const session = await signIn(t.app, operator.email, operator.password);
      const { key, recoveryCodes } = await turnOn(session);
      return { ...operator, key, recoveryCodes };
    }
    async function turnOn(session: Session) {
      const started = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/operators/me/2fa',
        headers: asPage(session),
      });
      assert.equal(started.statusCode, 200, started.body);
      const { key, uri, qrSvg } = json(started);
      assert.match(key, /^[A-Z2-7]{32}$/);
      assert.match(uri, /^otpauth:\/\/totp\/.*secret=/);
      assert.match(qrSvg, /^<svg[\s\S]*<\/svg>\s*$/);
      const confirmed = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/operators/me/2fa/confirm',
        headers: asPage(session),
        payload: { code: totpCode(key, t.clock.now()), password: session.password },
      });
      assert.equal(confirmed.statusCode, 200, confirmed.body);
      return { key: key as string, recoveryCodes: json(confirmed).recoveryCodes as string[] };
    }
    const next = () => t.clock.advance(30 * SECOND);

    it('is turned on with a key shown as text and a QR code, confirmed by a first code, giving ten recovery codes', async () => {
      const operator = await withTwoFactor();
      assert.equal(operator.recoveryCodes.length, 10);
      assert.equal(new Set(operator.recoveryCodes).size, 10);
      const asked = await signInRequest(t.app, operator.email, operator.password);
      assert.equal(asked.statusCode, 401);
      assert.equal(json(asked).error, 'code_required');
      next();
      assert.equal(
        (await signInRequest(t.app, operator.email, operator.password, totpCode(operator.key, t.clock.now())))
          .statusCode,
        200,
      );
    });

    it('accepts a code once only, and one step either side of now but not two', async () => {
      const operator = await withTwoFactor();
      next();
      const code = totpCode(operator.key, t.clock.now());
      assert.equal((await signInRequest(t.app, operator.email, operator.password, code)).statusCode, 200);
      assert.equal(
        (await signInRequest(t.app, operator.email, operator.password, code)).statusCode,
        401,
        'used already',
      );
      next();
      next();
      const previous = totpCode(operator.key, new Date(t.clock.now().getTime() - 30 * SECOND));
      assert.equal(
        (await signInRequest(t.app, operator.email, operator.password, previous)).statusCode,
        200,
        'one step old',
      );
      next();
      next();
      const tooOld = totpCode(operator.key, new Date(t.clock.now().getTime() - 60 * SECOND));
      assert.equal(
        (await signInRequest(t.app, operator.email, operator.password, tooOld)).statusCode,
        401,
        'two steps old',
      );
    });

    it('takes each recovery code once, in place of a code', async () => {
      const operator = await withTwoFactor();
      const [first = ''] = operator.recoveryCodes;
      assert.equal(
        (await signInRequest(t.app, operator.email, operator.password, first.toUpperCase())).statusCode,
        200,
      );
      assert.equal((await signInRequest(t.app, operator.email, operator.password, first)).statusCode, 401);
    });

    it('is turned off with the password', async () => {
      const operator = await withTwoFactor();
      next();
      const session = await signIn(t.app, operator.email, operator.password, totpCode(operator.key, t.clock.now()));
      const wrong = await t.app.inject({
        method: 'DELETE',
        url: '/admin/v1/operators/me/2fa',
        headers: asPage(session),
        payload: { password: 'not my password at all' },
      });
      assert.equal(wrong.statusCode, 400);
      const off = await t.app.inject({
        method: 'DELETE',
        url: '/admin/v1/operators/me/2fa',
        headers: asPage(session),
        payload: { password: operator.password },
      });
      assert.equal(off.statusCode, 204);
      assert.equal((await signInRequest(t.app, operator.email, operator.password)).statusCode, 200);
    });

    it('with BIS_REQUIRE_2FA, lets an admin without it do nothing else until it is on', async () => {
      const strict = await startTestApp(kind, { config: { requireTwoFactor: true } });
      try {
        const admin = await addOperator(strict.app, 'admin');
        const viewer = await addOperator(strict.app, 'viewer');
        const session = await signIn(strict.app, admin.email, admin.password);
        const blocked = await strict.app.inject({
          method: 'GET',
          url: '/admin/v1/clients',
          headers: { cookie: session.cookie },
        });
        assert.equal(blocked.statusCode, 403);
        assert.match(json(blocked).message, /two-factor/);
        const who = await strict.app.inject({
          method: 'GET',
          url: '/admin/v1/session',
          headers: { cookie: session.cookie },
        });
        assert.equal(json(who).mustSetUpTwoFactor, true);
        const started = await strict.app.inject({
          method: 'POST',
          url: '/admin/v1/operators/me/2fa',
          headers: asPage(session),
        });
        const { key } = json(started);
        await strict.app.inject({
          method: 'POST',
          url: '/admin/v1/operators/me/2fa/confirm',
          headers: asPage(session),
          payload: { code: totpCode(key, strict.clock.now()), password: session.password },
        });
        const allowed = await strict.app.inject({
          method: 'GET',
          url: '/admin/v1/clients',
          headers: { cookie: session.cookie },
        });
        assert.equal(allowed.statusCode, 200);
        const viewerSession = await signIn(strict.app, viewer.email, viewer.password);
        const forViewer = await strict.app.inject({
          method: 'GET',
          url: '/admin/v1/clients',
          headers: { cookie: viewerSession.cookie },
        });
        assert.equal(forViewer.statusCode, 200, 'mandatory for the admin role only');
      } finally {
        await strict.close();
      }
    });
  });
}
