import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { addOperator, asPage, type Session, signIn, signInRequest, totpCode } from '../support/operators.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

const owner = { authorization: `Bearer ${ADMIN_TOKEN}` };

// Finding: a session alone could turn two-factor sign-in on (tying the account to an attacker's app),
// and an operator who lost the app had no way back but the owner's setup code.
for (const kind of databaseKinds()) {
  describe(`two-factor sign-in: turned on with the password, reset by an admin (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind, { config: { requireTwoFactor: true } })));
    after(() => t.close());

    const start = async (session: Session) =>
      json(await t.app.inject({ method: 'POST', url: '/admin/v1/operators/me/2fa', headers: asPage(session) }))
        .key as string;
    const confirm = (session: Session, payload: object) =>
      t.app.inject({ method: 'POST', url: '/admin/v1/operators/me/2fa/confirm', headers: asPage(session), payload });
    const isOn = async (operatorId: string) =>
      json(await t.app.inject({ method: 'GET', url: `/admin/v1/operators/${operatorId}`, headers: owner })).twoFactor;

    it('turning two-factor sign-in on needs the password', async () => {
      const operator = await addOperator(t.app, 'viewer');
      const session = await signIn(t.app, operator.email, operator.password);
      const key = await start(session);
      const code = totpCode(key, t.clock.now());
      assert.equal((await confirm(session, { code })).statusCode, 400, 'the session alone is not enough');
      const wrong = await confirm(session, { code, password: 'not the password at all' });
      assert.equal(wrong.statusCode, 400);
      assert.match(json(wrong).message, /^password: /);
      assert.equal(await isOn(operator.operatorId), false);
      assert.equal((await confirm(session, { code, password: operator.password })).statusCode, 200);
      assert.equal(await isOn(operator.operatorId), true);
    });

    it("an admin resets another operator's two-factor sign-in, audited: they sign in with the password alone and, where required, set it up again", async () => {
      const lost = await addOperator(t.app, 'admin');
      const own = await signIn(t.app, lost.email, lost.password);
      const key = await start(own);
      await confirm(own, { code: totpCode(key, t.clock.now()), password: lost.password });
      t.clock.advance(30 * SECOND);
      const admin = await addOperator(t.app, 'admin');
      const adminSession = await signIn(t.app, admin.email, admin.password);
      const adminKey = await start(adminSession);
      await confirm(adminSession, { code: totpCode(adminKey, t.clock.now()), password: admin.password });
      const url = `/admin/v1/operators/${lost.operatorId}/2fa`;

      const viewer = await addOperator(t.app, 'viewer');
      const viewerPage = asPage(await signIn(t.app, viewer.email, viewer.password));
      assert.equal((await t.app.inject({ method: 'DELETE', url, headers: viewerPage })).statusCode, 403);
      const self = await t.app.inject({
        method: 'DELETE',
        url: `/admin/v1/operators/${admin.operatorId}/2fa`,
        headers: asPage(adminSession),
      });
      assert.equal(self.statusCode, 403, 'your own goes off on your account page, with your password');

      const reset = await t.app.inject({ method: 'DELETE', url, headers: asPage(adminSession) });
      assert.equal(reset.statusCode, 204, reset.body);
      assert.equal(await isOn(lost.operatorId), false);
      assert.equal((await t.app.inject({ method: 'DELETE', url, headers: asPage(adminSession) })).statusCode, 409);
      const back = await signInRequest(t.app, lost.email, lost.password);
      assert.equal(back.statusCode, 200, back.body);
      const cookie = String(back.headers['set-cookie']).split(';')[0] ?? '';
      const who = await t.app.inject({ method: 'GET', url: '/admin/v1/session', headers: { cookie } });
      assert.equal(json(who).mustSetUpTwoFactor, true, 'BIS_REQUIRE_2FA: an admin sets it up again');
      const audit = await t.app.inject({
        method: 'GET',
        url: '/admin/v1/audit?action=operator.two_factor_reset',
        headers: owner,
      });
      const record = json(audit).items.find((r: { target: string }) => r.target === lost.operatorId);
      assert.equal(record?.actor, admin.email);
    });
  });
}
