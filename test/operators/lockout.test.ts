import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { MINUTE } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { addOperator } from '../support/operators.js';
import { defaultTestConfig, json, startTestApp, type TestApp } from '../support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`guessing passwords (${kind})`, () => {
    let t: TestApp;
    let second: Awaited<ReturnType<typeof buildApp>>;
    before(async () => {
      t = await startTestApp(kind);
      // A second instance on the same database: all it shares with the first is what the database holds.
      second = await buildApp({ config: defaultTestConfig, database: t.database, clock: t.clock });
      await second.ready();
    });
    after(async () => {
      await second.close();
      await t.close();
    });

    const attempt = (app: TestApp['app'], email: string, password: string, remoteAddress = '192.0.2.50') =>
      app.inject({ method: 'POST', url: '/admin/v1/session', remoteAddress, payload: { email, password } });

    it('refuses an account after 5 failures for 15 minutes, whatever the password, on every instance', async () => {
      const operator = await addOperator(t.app, 'viewer');
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? t.app : second;
        assert.equal(
          (await attempt(app, operator.email, `wrong guess number ${i}`, `192.0.2.${60 + i}`)).statusCode,
          401,
        );
      }
      for (const app of [t.app, second]) {
        const locked = await attempt(app, operator.email, operator.password, '192.0.2.99');
        assert.equal(locked.statusCode, 429, 'the right password too, from another address, on either instance');
        const retryAfter = Number(locked.headers['retry-after']);
        assert.ok(retryAfter > 0 && retryAfter <= 15 * 60, String(retryAfter));
      }
      t.clock.advance(15 * MINUTE);
      assert.equal((await attempt(second, operator.email, operator.password)).statusCode, 200);
    });

    it('refuses an address after 20 failures, whichever accounts it tried', async () => {
      const victim = await addOperator(t.app, 'viewer');
      for (let i = 0; i < 20; i++) {
        const app = i % 2 === 0 ? t.app : second;
        assert.equal(
          (await attempt(app, `guess${i}@sacco.example`, 'whatever it may be', '198.51.100.20')).statusCode,
          401,
        );
      }
      const refused = await attempt(second, victim.email, victim.password, '198.51.100.20');
      assert.equal(refused.statusCode, 429);
      assert.ok(Number(refused.headers['retry-after']) > 0);
      assert.equal(
        (await attempt(t.app, victim.email, victim.password, '198.51.100.21')).statusCode,
        200,
        'another address',
      );
      const audit = json(
        await t.app.inject({
          method: 'GET',
          url: '/admin/v1/audit?order=newest&limit=30',
          headers: { authorization: `Bearer ${defaultTestConfig.adminToken}` },
        }),
      ).items.filter((e: { action: string }) => e.action === 'operator.sign_in_failed');
      assert.ok(audit.length >= 20, 'failed sign-ins are recorded');
    });
  });
}
