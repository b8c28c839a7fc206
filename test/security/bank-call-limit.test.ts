import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { pruneValidations } from '../../src/jobs/housekeeping.js';
import { createMembersStore } from '../../src/members/members-store.js';
import { bankCall, bankWithToken, paymentBody, putMember, tokenFor } from '../support/bank.js';
import { HOUR, SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

type Bank = Awaited<ReturnType<typeof bankWithToken>>;

for (const kind of databaseKinds()) {
  describe(`a limit on each bank client's calls (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind, { config: { bankRateLimit: 5, metricsClientLabels: true } })));
    after(() => t.close());

    const count = async (table: 'validations' | 'payments') =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(t.database.db)).rows[0]?.n,
      );

    it('answers 429 with Retry-After and a resultCode of its own past the limit, recording nothing', async () => {
      const bank = await bankWithToken(t.app, 'Busy Bank');
      const other = await bankWithToken(t.app, 'Quiet Bank');
      await putMember(t.app, '7300001', 'Wambui Kariuki');
      const calls = [
        () => bankCall(t.app, bank.token, 'validate', { customerRef: '7300001' }),
        () => bankCall(t.app, bank.token, 'payments', paymentBody('7300001')),
      ];
      for (let i = 0; i < 5; i++) assert.notEqual((await calls[i % 2]!()).statusCode, 429, `call ${i + 1}`);
      const [validations, payments] = [await count('validations'), await count('payments')];
      for (const call of calls) {
        const refused = await call();
        assert.equal(refused.statusCode, 429);
        const retryAfter = Number(refused.headers['retry-after']);
        assert.ok(retryAfter >= 1 && retryAfter <= 61, String(retryAfter));
        const body = json(refused);
        assert.deepEqual(Object.keys(body).sort(), ['message', 'resultCode']);
        assert.equal(body.resultCode, 6);
      }
      assert.equal(await count('validations'), validations, 'a refused validation is not recorded');
      assert.equal(await count('payments'), payments, 'a refused notification is not recorded');
      const otherCall = await bankCall(t.app, other.token, 'validate', { customerRef: '7300001' });
      assert.equal(otherCall.statusCode, 200, 'another client has a limit of its own');

      t.clock.advance(61 * SECOND);
      bank.token = await tokenFor(t.app, bank.clientId, bank.clientSecret);
      assert.equal((await calls[0]!()).statusCode, 200, 'served again once the window has passed');
    });

    it('counts validations answered "not found" per client in the metrics', async () => {
      const bank = await bankWithToken(t.app, 'Walking Bank');
      for (const customerRef of ['7399991', '7399992', '7399993']) {
        assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef })).statusCode, 404);
      }
      const metrics = (
        await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
      ).body;
      const line = metrics
        .split('\n')
        .find((text) => text.startsWith(`bis_validations_not_found_total{client="${bank.clientId}"}`));
      assert.ok(line?.endsWith(' 3'), line);
    });
  });

  describe(`pruning what no rule needs (${kind})`, () => {
    let t: TestApp;
    let bank: Bank;
    before(async () => {
      t = await startTestApp(kind);
      bank = await bankWithToken(t.app, 'Pruned Bank');
      await putMember(t.app, '7400001', 'Kiprono Langat');
    });
    after(() => t.close());

    it('deletes validations older than the validation window, keeps the rest, and is safe to run at once', async () => {
      await bankCall(t.app, bank.token, 'validate', { customerRef: '7400001' });
      t.clock.advance(25 * HOUR);
      bank.token = await tokenFor(t.app, bank.clientId, bank.clientSecret);
      await bankCall(t.app, bank.token, 'validate', { customerRef: '7400001' });
      const deps = { membersStore: createMembersStore(t.database.db), clock: t.clock, validationWindowMs: 24 * HOUR };
      const deleted = await Promise.all([pruneValidations(deps), pruneValidations(deps)]);
      assert.equal(deleted[0] + deleted[1], 1, 'the old one, once');
      const left = await sql<{ n: string }>`select count(*) as n from validations`.execute(t.database.db);
      assert.equal(Number(left.rows[0]?.n), 1);
      const paid = await bankCall(t.app, bank.token, 'payments', paymentBody('7400001'));
      assert.equal(paid.statusCode, 200, 'the recent validation still counts');
    });
  });
}
