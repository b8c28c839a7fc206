import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databaseKinds } from '../support/databases.js';
import { addOperator, signInRequest } from '../support/operators.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

// "josé" with the é composed (U+00E9), and the same name as e + a combining acute accent (U+0301).
const COMPOSED = 'jos\u00e9.finance@sacco.example';
const DECOMPOSED = 'jose\u0301.finance@sacco.example';

for (const kind of databaseKinds()) {
  describe(`one email, however it is typed (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    const attempt = (email: string, password: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/admin/v1/session', remoteAddress, payload: { email, password } });

    it('counts every spelling of an email (spaces, capitals, Unicode forms) against one lock-out, and names one account in the audit', async () => {
      const operator = await addOperator(t.app, 'finance', COMPOSED);
      const spellings = [
        ` ${COMPOSED}`,
        `${COMPOSED.toUpperCase()}\t`,
        DECOMPOSED,
        ` ${DECOMPOSED.toUpperCase()} `,
        'Jos\u00c9.Finance@Sacco.Example',
      ];
      for (const [i, spelling] of spellings.entries()) {
        const failed = await attempt(spelling, `wrong guess number ${i}`, `192.0.2.${130 + i}`);
        assert.equal(failed.statusCode, 401, `${JSON.stringify(spelling)}: ${failed.body}`);
      }
      for (const spelling of [COMPOSED, DECOMPOSED, ` ${COMPOSED} `]) {
        const locked = await attempt(spelling, operator.password, '192.0.2.140');
        assert.equal(locked.statusCode, 429, `${JSON.stringify(spelling)} is locked too, the right password with it`);
      }
      const audit = json(
        await t.app.inject({
          method: 'GET',
          url: '/admin/v1/audit?action=operator.sign_in_failed&order=newest',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        }),
      ).items as { target: string }[];
      assert.equal(audit.length, spellings.length);
      assert.deepEqual(new Set(audit.map((r) => r.target)), new Set([COMPOSED]), 'one target: the account');
    });

    it('finds the account, and refuses a second invitation, whatever the spelling', async () => {
      const email = 'ren\u00e9e.admin@sacco.example';
      const operator = await addOperator(t.app, 'viewer', email);
      const decomposed = ` RENE\u0301E.Admin@sacco.example `;
      assert.equal((await signInRequest(t.app, decomposed, operator.password)).statusCode, 200);
      const again = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/operators',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { email: decomposed, name: 'The same person again', role: 'admin' },
      });
      assert.equal(again.statusCode, 409, again.body);
    });
  });
}
