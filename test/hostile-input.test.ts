import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { admin, bankCall, bankWithToken, paymentBody, putMember, requestToken } from './support/bank.js';
import { databaseKinds } from './support/databases.js';
import { json, startTestApp, type TestApp } from './support/test-app.js';

// Regression tests: each of these used to reach the database and answer 500.
for (const kind of databaseKinds()) {
  describe(`input the database cannot store is refused, never a 500 (${kind})`, () => {
    let t: TestApp;
    let bank: Awaited<ReturnType<typeof bankWithToken>>;
    before(async () => {
      t = await startTestApp(kind, { captureLogs: true });
      bank = await bankWithToken(t.app);
      await putMember(t.app, '9000001', 'Hostile Input');
      await bankCall(t.app, bank.token, 'validate', { customerRef: '9000001' });
    });
    after(() => t.close());

    it("refuses a NUL character in a payment's text fields with 400 and records nothing", async () => {
      for (const overrides of [
        { transactionReference: 'NUL\u0000REF' },
        { narration: 'a\u0000b' },
        { payerName: '\u0000' },
      ]) {
        const response = await bankCall(t.app, bank.token, 'payments', paymentBody('9000001', overrides));
        assert.equal(response.statusCode, 400, response.body);
        assert.equal(json(response).resultCode, 4);
      }
      assert.equal(json(await admin(t.app, 'GET', '/payments')).items.length, 0);
    });

    it('treats a Member Number with a NUL as one that names no member: 404, and the payment held', async () => {
      assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '9000001\u0000' })).statusCode, 404);
      const response = await bankCall(t.app, bank.token, 'payments', paymentBody('9000001\u0000'));
      assert.equal(response.statusCode, 404, response.body);
      const held = json(await admin(t.app, 'GET', '/payments?status=held')).items;
      assert.equal(held.length, 1);
      assert.equal(held[0].customerRef, '9000001\ufffd');
    });

    it('refuses a NUL in an admin body with 400', async () => {
      const response = await admin(t.app, 'POST', '/clients', { name: 'Bank\u0000Name' });
      assert.equal(response.statusCode, 400);
    });

    it('refuses an over-long customerRef with 400', async () => {
      const response = await bankCall(t.app, bank.token, 'payments', paymentBody('9'.repeat(5000)));
      assert.equal(response.statusCode, 400);
      assert.match(json(response).message, /^customerRef: /);
    });

    it('refuses a transactionDate beyond year 9999 once its offset is applied', async () => {
      const response = await bankCall(
        t.app,
        bank.token,
        'payments',
        paymentBody('9000001', { transactionDate: '9999-12-31T23:59:59-23:59' }),
      );
      assert.equal(response.statusCode, 400);
    });

    it('answers the same 401 for a client_id the database could not store', async () => {
      const expected = { error: 'invalid_client', error_description: 'Client authentication failed' };
      for (const clientId of ['bad\u0000id', 'x'.repeat(3000)]) {
        const response = await requestToken(t.app, clientId, 's');
        assert.equal(response.statusCode, 401);
        assert.deepEqual(json(response), expected);
      }
    });

    it('answers 404, not 500, for admin paths naming what cannot exist', async () => {
      for (const path of ['/clients/a%00b', '/payments/AB%00CDEFG']) {
        assert.equal((await admin(t.app, 'GET', path)).statusCode, 404, path);
      }
      assert.equal((await admin(t.app, 'DELETE', '/clients/a%00b/secrets/x')).statusCode, 404);
      assert.equal((await admin(t.app, 'POST', '/clients/a%00b/secrets')).statusCode, 404);
    });

    it('refuses dates in admin filters that are not ISO 8601', async () => {
      for (const value of ['5', '20000-01-01', 'yesterday']) {
        assert.equal((await admin(t.app, 'GET', `/payments?from=${value}`)).statusCode, 400, value);
      }
      assert.equal((await admin(t.app, 'GET', '/payments?from=2026-11-01')).statusCode, 200);
    });

    it('never logs the parameters of a failed statement', async () => {
      assert.ok(!t.logs.join('').includes('"params"'));
    });
  });
}
