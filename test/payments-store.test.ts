import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { sql } from 'kysely';
import { bankCall, bankWithToken, paymentBody, putMember } from './support/bank.js';
import { databaseKinds } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { createPaymentsStore, type Notification, type NotifyItem } from '../src/payments/payments-store.js';

type Bank = Awaited<ReturnType<typeof bankWithToken>>;

/** The store's statement for several notifications at once, as a batch of the service runs it. */
for (const kind of databaseKinds()) {
  describe(`payments store: several notifications in one statement (${kind})`, () => {
    let t: TestApp;
    let bankA: Bank;
    let bankB: Bank;
    let receipts = 0;
    const item = (bank: Bank, reference: string, memberNumber: string | null, fields: Partial<Notification> = {}): NotifyItem => ({
      payment: {
        client_id: bank.clientId, transaction_reference: reference, payment_type: 'MPESA', customer_ref: memberNumber ?? 'ABC',
        amount: '100.00', currency: 'KES', transaction_date: t.clock.now(), payer_name: null, payer_account: null, payer_phone: null,
        narration: null, raw_notification: JSON.stringify({ reference }), received_at: t.clock.now(), receipt: `STR${String(++receipts).padStart(5, 'A')}`,
        ...fields,
      },
      memberNumber,
    });
    const rule = () => ({ required: true, windowStart: new Date(t.clock.now().getTime() - 86_400_000) });
    const stored = async (bank: Bank, reference: string) =>
      (await sql<Record<string, unknown>>`select * from payments where client_id = ${bank.clientId} and transaction_reference = ${reference}`.execute(t.database.db)).rows;

    before(async () => {
      t = await startTestApp(kind);
      bankA = await bankWithToken(t.app, 'Store Bank A');
      bankB = await bankWithToken(t.app, 'Store Bank B');
      for (const [ref, status] of [['6100001', 'active'], ['6100002', 'active'], ['6100003', 'active'], ['6100004', 'suspended']] as const) {
        await putMember(t.app, ref, `Member ${ref}`, status);
      }
      for (const ref of ['6100001', '6100002']) assert.equal((await bankCall(t.app, bankA.token, 'validate', { customerRef: ref })).statusCode, 200);
      assert.equal((await bankCall(t.app, bankA.token, 'payments', paymentBody('6100001', { transactionReference: 'EARLY', amount: '5.00' }))).statusCode, 200);
      assert.equal((await bankCall(t.app, bankA.token, 'payments', paymentBody('6100003', { transactionReference: 'HELD-1' }))).statusCode, 422);
      assert.equal((await bankCall(t.app, bankA.token, 'validate', { customerRef: '6100003' })).statusCode, 200);
    });
    after(() => t.close());

    it('decides each notification for itself and stores each field in its own row', async () => {
      const store = createPaymentsStore(t.database.db);
      const results = await store.notify(
        [
          item(bankA, 'N1', '6100001', { payer_name: 'Payer One', payer_account: '001', payer_phone: null, narration: 'first', amount: '11.00' }),
          item(bankA, 'EARLY', '6100001', { amount: '6.00' }),
          item(bankB, 'EARLY', '6100002', { payer_name: null, payer_phone: '0700000002', amount: '22.00' }),
          item(bankA, 'HELD-1', '6100003', { amount: '33.00' }),
          item(bankA, 'N2', null, { payer_account: '005', narration: null }),
          item(bankA, 'N3', '6100004'),
          item(bankA, 'N4', '6100002', { payer_name: null, narration: 'seventh', amount: '44.00' }),
        ],
        rule(),
      );
      assert.ok(Array.isArray(results), String(results));
      const summary = results.map((r) => (typeof r === 'string' ? r : [r.earlier ? 'earlier' : 'recorded', r.payment.status, r.payment.held_reason, r.payment.amount]));
      assert.deepEqual(summary, [
        ['recorded', 'accepted', null, '11.00'],
        ['earlier', 'accepted', null, '5.00'],
        ['recorded', 'held', 'not_validated', '22.00'],
        ['recorded', 'accepted', null, '33.00'],
        ['recorded', 'held', 'customer_not_payable', '100.00'],
        ['recorded', 'held', 'customer_not_payable', '100.00'],
        ['recorded', 'accepted', null, '44.00'],
      ]);
      const n1 = (await stored(bankA, 'N1'))[0]!;
      assert.deepEqual([n1.payer_name, n1.payer_account, n1.payer_phone, n1.narration, n1.customer_ref], ['Payer One', '001', null, 'first', '6100001']);
      const early = await stored(bankA, 'EARLY');
      assert.deepEqual(early.map((r) => [r.amount, r.attempts]), [['5.00', 1]], 'the accepted payment is left as it was');
      const forB = (await stored(bankB, 'EARLY'))[0]!;
      assert.deepEqual([forB.payer_name, forB.payer_phone, forB.customer_ref, forB.status], [null, '0700000002', '6100002', 'held']);
      const held = (await stored(bankA, 'HELD-1'))[0]!;
      assert.deepEqual([held.status, held.attempts, held.amount], ['accepted', 2, '33.00'], 'the held payment evaluated again');
      const n2 = (await stored(bankA, 'N2'))[0]!;
      assert.deepEqual([n2.payer_account, n2.narration, n2.customer_ref, n2.erp_ref_id], ['005', null, 'ABC', null]);
      const n4 = (await stored(bankA, 'N4'))[0]!;
      assert.deepEqual([n4.payer_name, n4.narration, n4.raw_notification], [null, 'seventh', JSON.stringify({ reference: 'N4' })]);
      const erpRefs = [n1, held, n4].map((r) => r.erp_ref_id);
      assert.equal(new Set(erpRefs).size, 3, 'a receipt each');
    });

    it('records nothing, and asks to try again, when a receipt in the batch is already taken', async () => {
      const store = createPaymentsStore(t.database.db);
      const taken = (await stored(bankA, 'N1'))[0]!.erp_ref_id as string;
      const results = await store.notify([item(bankA, 'T1', '6100001'), item(bankA, 'T2', '6100002', { receipt: taken })], rule());
      assert.equal(results, 'try_again');
      assert.deepEqual([...(await stored(bankA, 'T1')), ...(await stored(bankA, 'T2'))], []);
    });

    it('skips a member another transaction holds, as busy, and records the rest', { skip: kind !== 'postgres' }, async () => {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.database.db);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0]!.name}`;
      const locker = new pg.Client({ connectionString: url.toString() });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query(`update members set full_name = full_name where customer_ref = '6100002'`);
        const store = createPaymentsStore(t.database.db);
        const results = await store.notify([item(bankA, 'B1', '6100001'), item(bankA, 'B2', '6100002')], rule());
        assert.ok(Array.isArray(results));
        assert.equal(typeof results[0] === 'object' && results[0].payment.status, 'accepted');
        assert.equal(results[1], 'busy');
        assert.deepEqual(await stored(bankA, 'B2'), [], 'nothing written for the busy member');
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
    });
  });
}
