import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import type { NotificationRow } from '../src/payments/notification-row.js';
import { createPaymentsStore, type RecordResult, RetryStatement } from '../src/payments/payments-store.js';
import { bankCall, bankWithToken, paymentBody, putMember } from './support/bank.js';
import { databaseKinds } from './support/databases.js';
import { startTestApp, type TestApp } from './support/test-app.js';

type Bank = Awaited<ReturnType<typeof bankWithToken>>;

/** The store's statement for several notifications at once, as a batch of the service runs it. */
for (const kind of databaseKinds()) {
  describe(`payments store: several notifications in one statement (${kind})`, () => {
    let t: TestApp;
    let bankA: Bank;
    let bankB: Bank;
    let receipts = 0;
    const item = (
      bank: Bank,
      reference: string,
      memberNumber: string | null,
      fields: Partial<NotificationRow> = {},
    ): NotificationRow => ({
      clientId: bank.clientId,
      transactionReference: reference,
      paymentType: 'MPESA',
      customerRef: memberNumber ?? 'ABC',
      memberNumber,
      amount: '100.00',
      currency: 'KES',
      transactionDate: t.clock.now(),
      payerName: null,
      payerAccount: null,
      payerPhone: null,
      narration: null,
      rawNotification: JSON.stringify({ reference }),
      receivedAt: t.clock.now(),
      receipt: `STR${String(++receipts).padStart(5, 'A')}`,
      ...fields,
    });
    const rule = () => ({
      validationRequired: true,
      validationsSince: new Date(t.clock.now().getTime() - 86_400_000),
    });
    const summary = (r: RecordResult) =>
      r.kind === 'earlier' || r.kind === 'recorded'
        ? [r.kind, r.payment.status, r.payment.status === 'held' ? r.payment.heldReason : null, r.payment.amount]
        : r.kind;
    const stored = async (bank: Bank, reference: string) =>
      (
        await sql<
          Record<string, unknown>
        >`select * from payments where client_id = ${bank.clientId} and transaction_reference = ${reference}`.execute(
          t.database.db,
        )
      ).rows;

    before(async () => {
      t = await startTestApp(kind);
      bankA = await bankWithToken(t.app, 'Store Bank A');
      bankB = await bankWithToken(t.app, 'Store Bank B');
      for (const [ref, status] of [
        ['6100001', 'active'],
        ['6100002', 'active'],
        ['6100003', 'active'],
        ['6100004', 'suspended'],
      ] as const) {
        await putMember(t.app, ref, `Member ${ref}`, status);
      }
      for (const ref of ['6100001', '6100002'])
        assert.equal((await bankCall(t.app, bankA.token, 'validate', { customerRef: ref })).statusCode, 200);
      assert.equal(
        (
          await bankCall(
            t.app,
            bankA.token,
            'payments',
            paymentBody('6100001', { transactionReference: 'EARLY', amount: '5.00' }),
          )
        ).statusCode,
        200,
      );
      assert.equal(
        (await bankCall(t.app, bankA.token, 'payments', paymentBody('6100003', { transactionReference: 'HELD-1' })))
          .statusCode,
        422,
      );
      assert.equal((await bankCall(t.app, bankA.token, 'validate', { customerRef: '6100003' })).statusCode, 200);
    });
    after(() => t.close());

    it('decides each notification for itself and stores each field in its own row', async () => {
      const store = createPaymentsStore(t.database.db);
      const results = await store.recordTogether(
        [
          item(bankA, 'N1', '6100001', {
            payerName: 'Payer One',
            payerAccount: '001',
            payerPhone: null,
            narration: 'first',
            amount: '11.00',
          }),
          item(bankA, 'EARLY', '6100001', { amount: '6.00' }),
          item(bankB, 'EARLY', '6100002', { payerName: null, payerPhone: '0700000002', amount: '22.00' }),
          item(bankA, 'HELD-1', '6100003', { amount: '33.00' }),
          item(bankA, 'N2', null, { payerAccount: '005', narration: null }),
          item(bankA, 'N3', '6100004'),
          item(bankA, 'N4', '6100002', { payerName: null, narration: 'seventh', amount: '44.00' }),
        ],
        rule(),
      );
      assert.deepEqual(results.map(summary), [
        ['recorded', 'accepted', null, '11.00'],
        ['earlier', 'accepted', null, '5.00'],
        ['recorded', 'held', 'not_validated', '22.00'],
        ['recorded', 'accepted', null, '33.00'],
        ['recorded', 'held', 'customer_not_payable', '100.00'],
        ['recorded', 'held', 'customer_not_payable', '100.00'],
        ['recorded', 'accepted', null, '44.00'],
      ]);
      const n1 = (await stored(bankA, 'N1'))[0]!;
      assert.deepEqual(
        [n1.payer_name, n1.payer_account, n1.payer_phone, n1.narration, n1.customer_ref],
        ['Payer One', '001', null, 'first', '6100001'],
      );
      const early = await stored(bankA, 'EARLY');
      assert.deepEqual(
        early.map((r) => [r.amount, r.attempts]),
        [['5.00', 1]],
        'the accepted payment is left as it was',
      );
      const forB = (await stored(bankB, 'EARLY'))[0]!;
      assert.deepEqual(
        [forB.payer_name, forB.payer_phone, forB.customer_ref, forB.status],
        [null, '0700000002', '6100002', 'held'],
      );
      const held = (await stored(bankA, 'HELD-1'))[0]!;
      assert.deepEqual(
        [held.status, held.attempts, held.amount],
        ['accepted', 2, '33.00'],
        'the held payment evaluated again',
      );
      const n2 = (await stored(bankA, 'N2'))[0]!;
      assert.deepEqual([n2.payer_account, n2.narration, n2.customer_ref, n2.erp_ref_id], ['005', null, 'ABC', null]);
      const n4 = (await stored(bankA, 'N4'))[0]!;
      assert.deepEqual(
        [n4.payer_name, n4.narration, n4.raw_notification],
        [null, 'seventh', JSON.stringify({ reference: 'N4' })],
      );
      const erpRefs = [n1, held, n4].map((r) => r.erp_ref_id);
      assert.equal(new Set(erpRefs).size, 3, 'a receipt each');
    });

    it('records nothing, and asks to run again, when a receipt in the batch is already taken', async () => {
      const store = createPaymentsStore(t.database.db);
      const taken = (await stored(bankA, 'N1'))[0]!.erp_ref_id as string;
      await assert.rejects(
        store.recordTogether([item(bankA, 'T1', '6100001'), item(bankA, 'T2', '6100002', { receipt: taken })], rule()),
        RetryStatement,
      );
      assert.deepEqual([...(await stored(bankA, 'T1')), ...(await stored(bankA, 'T2'))], []);
    });

    it('skips a member another transaction holds, as member_busy, and records the rest', {
      skip: kind !== 'postgres',
    }, async () => {
      const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.database.db);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0]!.name}`;
      const locker = new pg.Client({ connectionString: url.toString() });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query(`update members set full_name = full_name where member_number = '6100002'`);
        const store = createPaymentsStore(t.database.db);
        const results = await store.recordTogether(
          [item(bankA, 'B1', '6100001'), item(bankA, 'B2', '6100002')],
          rule(),
        );
        assert.deepEqual(results.map(summary), [['recorded', 'accepted', null, '100.00'], 'member_busy']);
        assert.deepEqual(await stored(bankA, 'B2'), [], 'nothing written for the busy member');
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
    });
  });
}
