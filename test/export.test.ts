import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { recordStatement } from '../src/payments/record-statement.js';
import { admin, bankCall, bankWithToken, paymentBody, putMember } from './support/bank.js';
import { databaseKinds, NEEDS_POSTGRES } from './support/databases.js';
import { exportRecords } from './support/money-desk.js';
import { json, startTestApp, type TestApp } from './support/test-app.js';

type Bank = Awaited<ReturnType<typeof bankWithToken>>;

/** The fields of an exported payment, in the order of the CSV columns and of each NDJSON record's keys. */
const FIELDS =
  'erpRefId,transactionReference,paymentType,customerRef,memberName,amount,currency,transactionDate,receivedAt,clientId,paymentId,payerName,narration,source';

async function exportSince(t: TestApp, query: Record<string, string> = {}) {
  const { records, nextCursor } = await exportRecords(t.app, query);
  return { records, cursor: nextCursor as string };
}

async function acceptedPayment(t: TestApp, bank: Bank, member: string, overrides: Record<string, unknown> = {}) {
  const response = await bankCall(t.app, bank.token, 'payments', paymentBody(member, overrides));
  assert.equal(response.statusCode, 200, response.body);
  return json(response).erpRefId as string;
}

for (const kind of databaseKinds()) {
  describe(`payment export for the ERP (${kind})`, () => {
    let t: TestApp;
    let bank: Bank;
    before(async () => {
      t = await startTestApp(kind);
      bank = await bankWithToken(t.app);
      await putMember(t.app, '5000001', 'Otieno, "Junior" Odhiambo');
      await bankCall(t.app, bank.token, 'validate', { customerRef: '5000001' });
    });
    after(() => t.close());

    it('writes RFC 4180 CSV with a header row, exact amounts and quoted fields', async () => {
      const erpRefId = await acceptedPayment(t, bank, '5000001', { amount: 1500.5, transactionReference: 'CSV,1' });
      const response = await admin(t.app, 'GET', '/payments/export?format=csv');
      assert.equal(response.statusCode, 200);
      assert.match(response.headers['content-type'] as string, /^text\/csv/);
      const lines = response.body.split('\r\n');
      assert.equal(lines[0], FIELDS);
      const row = lines.find((line) => line.startsWith(erpRefId));
      assert.ok(row, response.body);
      const at = t.clock.now().toISOString();
      const added = /,\d+,,,notification$/;
      assert.match(row, added, 'then paymentId, payerName and narration (none sent), source');
      assert.equal(
        row.replace(added, ''),
        `${erpRefId},"CSV,1",MPESA,5000001,"Otieno, ""Junior"" Odhiambo",1500.50,KES,${at},${at},${bank.clientId}`,
      );
      assert.equal(lines.at(-1), '', 'every record ends with CRLF');
    });

    it('gives each accepted payment once when every export passes the previous Next-Cursor, and leaves out held ones', async () => {
      const first = await exportSince(t);
      assert.ok(first.cursor);
      const a = await acceptedPayment(t, bank, '5000001');
      const b = await acceptedPayment(t, bank, '5000001');
      const held = await bankCall(t.app, bank.token, 'payments', paymentBody('5999999'));
      assert.equal(held.statusCode, 404);
      const second = await exportSince(t, { since: first.cursor });
      assert.deepEqual(
        second.records.map((record) => record.erpRefId),
        [a, b],
      );
      assert.deepEqual(Object.keys(second.records[0]), FIELDS.split(','));
      const third = await exportSince(t, { since: second.cursor });
      assert.deepEqual(third.records, []);
      // The cursor is the server's oldest running transaction, which other databases on the same
      // server move on: it may move while nothing new is accepted here, never past a payment.
      assert.ok(third.cursor);
      assert.deepEqual((await exportSince(t, { since: third.cursor })).records, [], 'nothing new, nothing again');
    });

    it('filters on the time paid with from and to (a payment without transactionDate was paid when received)', async () => {
      t.clock.advance(60_000);
      const boundary = t.clock.now().toISOString();
      const late = await acceptedPayment(t, bank, '5000001');
      const { records } = await exportSince(t, { from: boundary });
      assert.deepEqual(
        records.map((record) => record.erpRefId),
        [late],
      );
      const before = await exportSince(t, { to: boundary });
      assert.ok(!before.records.some((record) => record.erpRefId === late));
    });

    it('refuses a cursor it did not give out and an unknown format', async () => {
      assert.equal((await admin(t.app, 'GET', '/payments/export?since=bm9wZQ')).statusCode, 400);
      assert.equal((await admin(t.app, 'GET', '/payments/export?format=xml')).statusCode, 400);
    });

    // Regression: a date filter used to move the cursor past the payments it left out.
    it('refuses since together with from or to, and gives a date-filtered export no cursor', async () => {
      const { cursor } = await exportSince(t);
      const combined = await admin(t.app, 'GET', `/payments/export?since=${cursor}&from=2026-01-01`);
      assert.equal(combined.statusCode, 400);
      assert.match(json(combined).message, /^since: /);
      const dated = await admin(t.app, 'GET', '/payments/export?format=ndjson&from=2026-01-01');
      assert.equal(dated.statusCode, 200);
      assert.equal(dated.headers['next-cursor'], undefined);
    });

    it('refuses a cursor of another database, or one ahead of this database', async () => {
      const cursorText = Buffer.from((await exportSince(t)).cursor, 'base64url').toString();
      const [, installId, txid] = cursorText.split(':');
      const foreign = Buffer.from(`e:SomeOtherInstall:${txid}`).toString('base64url');
      assert.match(json(await admin(t.app, 'GET', `/payments/export?since=${foreign}`)).message, /another database/);
      const ahead = Buffer.from(`e:${installId}:${BigInt(txid!) + 1000n}`).toString('base64url');
      assert.match(json(await admin(t.app, 'GET', `/payments/export?since=${ahead}`)).message, /ahead of the database/);
    });

    it('exports a held payment once, after it is accepted', async () => {
      const { cursor } = await exportSince(t);
      await putMember(t.app, '5000002', 'Held Then Paid', 'suspended');
      const body = paymentBody('5000002');
      assert.equal((await bankCall(t.app, bank.token, 'payments', body)).statusCode, 404);
      const whileHeld = await exportSince(t, { since: cursor });
      assert.deepEqual(whileHeld.records, []);
      await putMember(t.app, '5000002', 'Held Then Paid', 'active');
      await bankCall(t.app, bank.token, 'validate', { customerRef: '5000002' });
      const accepted = await bankCall(t.app, bank.token, 'payments', body);
      assert.equal(accepted.statusCode, 200);
      const afterAcceptance = await exportSince(t, { since: whileHeld.cursor });
      assert.deepEqual(
        afterAcceptance.records.map((record) => record.erpRefId),
        [json(accepted).erpRefId],
      );
      assert.deepEqual((await exportSince(t, { since: afterAcceptance.cursor })).records, []);
    });

    it('gives every receipt exactly once to exports that run while payments arrive', async () => {
      let cursor = (await exportSince(t)).cursor;
      const exported: string[] = [];
      const payments = Promise.all(Array.from({ length: 40 }, () => acceptedPayment(t, bank, '5000001')));
      for (let i = 0; i < 5; i++) {
        const next = await exportSince(t, { since: cursor });
        exported.push(...next.records.map((record) => record.erpRefId));
        cursor = next.cursor;
      }
      const receipts = await payments;
      const last = await exportSince(t, { since: cursor });
      exported.push(...last.records.map((record) => record.erpRefId));
      assert.equal(exported.length, new Set(exported).size, 'no receipt exported twice');
      assert.deepEqual([...exported].sort(), [...receipts].sort());
    });
  });
}

describe('payment export while an earlier transaction is still open', { skip: NEEDS_POSTGRES }, () => {
  let t: TestApp;
  before(async () => (t = await startTestApp('postgres')));
  after(() => t.close());

  it('does not skip a payment whose transaction started first but commits after a later one', async () => {
    const bank = await bankWithToken(t.app);
    await putMember(t.app, '5100001', 'Wanjiku Kamau');
    await bankCall(t.app, bank.token, 'validate', { customerRef: '5100001' });
    const start = await exportSince(t);

    // The slow payment is recorded by the recording statement itself inside a transaction the test keeps open.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let recorded!: () => void;
    const isRecorded = new Promise<void>((resolve) => (recorded = resolve));
    const now = t.clock.now();
    const slow = t.database.db.transaction().execute(async (tx) => {
      const item = {
        clientId: bank.clientId,
        transactionReference: 'SLOW-1',
        paymentType: 'RTGS',
        customerRef: '5100001',
        memberNumber: '5100001',
        amount: '10.00',
        currency: 'KES',
        transactionDate: now,
        payerName: null,
        payerAccount: null,
        payerPhone: null,
        narration: null,
        rawNotification: '{}',
        receivedAt: now,
        receipt: 'SLWAAAA2',
      };
      const rule = { validationRequired: true, validationsSince: new Date(now.getTime() - 60_000) };
      const { rows } = await recordStatement([item], rule, false).execute(tx);
      assert.equal(rows[0]?.erp_ref_id, 'SLWAAAA2', 'accepted with the receipt given');
      recorded();
      await held;
    });
    await isRecorded;

    const fast = await acceptedPayment(t, bank, '5100001');
    const during = await exportSince(t, { since: start.cursor });
    assert.ok(
      !during.records.some((record) => record.erpRefId === 'SLWAAAA2'),
      'the open transaction is not visible yet',
    );
    commit();
    await slow;
    const afterCommit = await exportSince(t, { since: during.cursor });
    const all = [...during.records, ...afterCommit.records].map((record) => record.erpRefId);
    assert.deepEqual([...all].sort(), ['SLWAAAA2', fast].sort(), 'each exactly once across the two exports');
  });
});
