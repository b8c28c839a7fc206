import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MINUTE } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { signIn, signInRequest, turnOnTwoFactor } from '../support/operators.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`the first admin, and a lost last admin (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind, { config: { adminToken: undefined } })));
    after(() => t.close());

    const init = (payload: object) => t.app.inject({ method: 'POST', url: '/admin/v1/init', payload });

    it('makes the first admin operator with the password typed, once per setup code', async () => {
      assert.equal(await t.app.services.setupService.needsSetup(), true);
      const setupCode = await t.app.services.setupCodes.make();
      const password = 'the very first admin passphrase';
      const made = await init({ setupCode, email: 'founder@sacco.example', name: 'First Admin', password });
      assert.equal(made.statusCode, 201, made.body);
      assert.deepEqual([json(made).role, json(made).passwordSet], ['admin', true]);
      assert.equal(await t.app.services.setupService.needsSetup(), false);
      const session = await signIn(t.app, 'founder@sacco.example', password);
      const clients = await t.app.inject({
        method: 'GET',
        url: '/admin/v1/clients',
        headers: { cookie: session.cookie },
      });
      assert.equal(clients.statusCode, 200);
      const again = await init({ setupCode, email: 'second@sacco.example', name: 'Second', password });
      assert.equal(again.statusCode, 403, 'the code works once');
      const other = await t.app.services.setupCodes.make();
      const busy = await init({ setupCode: other, email: 'second@sacco.example', name: 'Second', password });
      assert.equal(busy.statusCode, 409, 'an admin exists: only --recover goes on');
      assert.match(json(busy).message, /--recover/);
    });

    it('works for 30 minutes only', async () => {
      const setupCode = await t.app.services.setupCodes.make();
      t.clock.advance(30 * MINUTE);
      const late = await init({ setupCode, email: 'late@sacco.example', name: 'Late', recover: true });
      assert.equal(late.statusCode, 403);
    });

    it('recovers a lost last admin: two-factor off, password reset through a new invite link, recorded', async () => {
      // The admin turns two-factor on, then loses the phone and forgets the password.
      const first = await signIn(t.app, 'founder@sacco.example', 'the very first admin passphrase');
      await turnOnTwoFactor(t.app, first, first.password, () => t.clock.now());
      const setupCode = await t.app.services.setupCodes.make();
      const recovered = await init({ setupCode, email: 'FOUNDER@sacco.example', name: 'ignored', recover: true });
      assert.equal(recovered.statusCode, 201, recovered.body);
      assert.deepEqual([json(recovered).twoFactor, json(recovered).passwordSet], [false, false]);
      assert.equal(
        (await signInRequest(t.app, 'founder@sacco.example', 'the very first admin passphrase')).statusCode,
        401,
      );
      const link = new URL(json(recovered).inviteUrl).pathname;
      const set = await t.app.inject({
        method: 'POST',
        url: link,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        payload: { password: 'a brand new admin passphrase' },
      });
      assert.equal(set.statusCode, 200);
      const back = await signIn(t.app, 'founder@sacco.example', 'a brand new admin passphrase');
      const audit = await t.app.inject({
        method: 'GET',
        url: '/admin/v1/audit?order=newest&limit=50',
        headers: { cookie: back.cookie },
      });
      const record = json(audit).items.find((r: { action: string }) => r.action === 'operator.recovered');
      assert.equal(record?.actor, 'setup code');
    });
  });
}
