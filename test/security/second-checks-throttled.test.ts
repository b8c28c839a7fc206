import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { asPage, type Session, signInRequest, withTwoFactor } from '../support/operators.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`the second checks count like sign-ins (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    const wrongAnswers = (session: Session) => [
      {
        method: 'PUT' as const,
        url: '/admin/v1/operators/me/password',
        headers: asPage(session),
        payload: { currentPassword: 'not my password at all', newPassword: 'a completely new passphrase' },
      },
      {
        method: 'DELETE' as const,
        url: '/admin/v1/operators/me/2fa',
        headers: asPage(session),
        payload: { password: 'not my password at all' },
      },
      {
        method: 'POST' as const,
        url: '/admin/v1/operators/me/recovery-codes',
        headers: asPage(session),
        payload: { code: '000000' },
      },
    ];

    it('a wrong current password or code at the password, two-factor and recovery-code routes is a failed attempt at the account: audited, and 429 past 5', async () => {
      const { session, ...operator } = await withTwoFactor(t.app, () => t.clock.now());
      const answers = wrongAnswers(session);
      for (let i = 0; i < 5; i++) {
        const request = answers[i % answers.length];
        assert.ok(request);
        const refused = await t.app.inject({ ...request, remoteAddress: '192.0.2.33' });
        assert.equal(refused.statusCode, 400, `${request.url}: ${refused.body}`);
      }
      for (const request of answers) {
        const locked = await t.app.inject({ ...request, remoteAddress: '192.0.2.33' });
        assert.equal(locked.statusCode, 429, `${request.url} after five failures`);
        assert.ok(Number(locked.headers['retry-after']) > 0);
      }
      t.clock.advance(30 * SECOND);
      const signInLocked = await signInRequest(t.app, operator.email, operator.password);
      assert.equal(signInLocked.statusCode, 429, 'the same lock as signing in');

      const audit = json(
        await t.app.inject({
          method: 'GET',
          url: '/admin/v1/audit?action=operator.confirmation_failed&order=newest',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        }),
      ).items as { target: string; actor: string; sourceIp: string; detail: { purpose: string } }[];
      const theirs = audit.filter((record) => record.target === operator.operatorId);
      assert.equal(theirs.length, 5);
      assert.ok(theirs.every((record) => record.actor === operator.email && record.sourceIp === '192.0.2.33'));
      assert.deepEqual(
        new Set(theirs.map((record) => record.detail.purpose)),
        new Set(['password change', 'two-factor sign-in off', 'new recovery codes']),
      );
    });
  });
}
