import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { admin, bankCall, createBank, paymentBody, putMember, tokenFor } from './support/bank.js';
import { databaseKinds } from './support/databases.js';
import { json, startTestApp, type TestApp } from './support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`a whole integration (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind, { captureLogs: true })));
    after(() => t.close());

    it('validates a member, accepts a payment with a receipt, and logs no credential', async () => {
      const bank = await createBank(t.app);
      const token = await tokenFor(t.app, bank.clientId, bank.clientSecret);
      await putMember(t.app, '1234567', 'Jane Wanjiru');
      const validated = await bankCall(t.app, token, 'validate', { customerRef: ' 1234567 ' });
      assert.equal(validated.statusCode, 200);
      assert.deepEqual(json(validated), {
        resultCode: 0,
        message: 'Customer found',
        customerName: 'Jane Wanjiru',
        customerRef: '1234567',
      });
      const paid = await bankCall(t.app, token, 'payments', paymentBody('1234567'));
      assert.equal(paid.statusCode, 200, paid.body);
      assert.match(json(paid).erpRefId, /^[A-HJKMNP-Z2-9]{8}$/);

      // A second link, left unused, and refused attempts: their values must not reach the log either.
      const link = new URL(json(await admin(t.app, 'POST', `/clients/${bank.clientId}/secrets`)).handoverUrl).pathname;
      await t.app.inject({ method: 'GET', url: link });
      await tokenFor(t.app, bank.clientId, `${bank.clientSecret}x`).catch(() => undefined);
      await bankCall(t.app, `${token}x`, 'validate', { customerRef: '1234567' });
      const basic = Buffer.from(`${bank.clientId}:${bank.clientSecret}`).toString('base64');
      const byBasic = await t.app.inject({
        method: 'POST',
        url: '/oauth/v1/token',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials',
      });
      assert.equal(byBasic.statusCode, 200);

      const { rows } = await sql<{ value: string }>`
        select secret_hash as value from client_secrets where secret_hash is not null
        union all select handover_hash from client_secrets
        union all select value from service_keys`.execute(t.database.db);
      const log = t.logs.join('');
      assert.ok(log.includes('request completed'), 'the log was captured');
      for (const secret of [
        bank.clientSecret,
        token,
        json(byBasic).access_token,
        basic,
        link.split('/').pop()!,
        'test-admin-token',
        ...rows.map((row) => row.value),
      ]) {
        assert.ok(!log.includes(secret), `the log contains ${secret.slice(0, 6)}…`);
      }
    });
  });
}
