import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import {
  acceptedPayment,
  exportRecords,
  exportRecordsHolding,
  heldPayment,
  newReference,
  reconcile,
  statementOf,
  useBankAndMember,
} from '../support/money-desk.js';
import { json } from '../support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`named ERP feeds (${kind})`, () => {
    const { t, scene } = useBankAndMember(kind, 'Co-op Bank', 'John Kamau');

    /** One export of the feed, then the feed moved as the CLI does once the file is written. */
    async function feedExport(name: string) {
      const exported = await exportRecords(t.app, { feed: name });
      assert.ok(exported.nextCursor);
      const moved = await admin(t.app, 'PUT', `/export-feeds/${name}`, {
        cursor: exported.nextCursor,
        previous: exported.feedCursor ?? null,
      });
      assert.equal(moved.statusCode, 200, moved.body);
      return exported.records;
    }

    it('every accepted payment, however it was accepted, is in exactly one export of a feed', async () => {
      const { bank, member } = scene();
      const expected = new Set<string>();
      const seen: string[] = [];
      const add = (erpRefId: string) => expected.add(erpRefId);
      for (let round = 0; round < 3; round++) {
        add((await acceptedPayment(t.app, bank)).erpRefId);
        const held = await heldPayment(t.app, bank);
        const allocated = await admin(t.app, 'POST', `/payments/${held.paymentId}/allocate`, {
          customerRef: member,
          note: 'allocated',
        });
        add(json(allocated).erpRefId);
        const returned = await heldPayment(t.app, bank);
        await admin(t.app, 'POST', `/payments/${returned.paymentId}/return`, { note: 'returned' });
        await heldPayment(t.app, bank);
        const lost = newReference('LOST');
        const run = json(
          await reconcile(
            t.app,
            bank.clientId,
            'mt940',
            statementOf('mt940', [{ date: '2026-11-20', amount: '10.00', credit: true, reference: lost }], {
              from: '2026-11-20',
              to: '2026-11-20',
            }),
          ),
        );
        const recorded = await admin(t.app, 'POST', `/reconciliations/${run.reconciliationId}/lines/1/record`, {
          customerRef: member,
          paymentType: 'MPESA',
          note: 'recovered',
        });
        add(json(recorded).erpRefId);
        seen.push(...(await feedExport('erp-daily')).map((record) => record.erpRefId));
      }
      seen.push(...(await feedExport('erp-daily')).map((record) => record.erpRefId));
      assert.equal(seen.length, new Set(seen).size, 'no payment twice');
      assert.deepEqual(new Set(seen), expected);
    });

    it('the export carries paymentId, payerName, narration and source', async () => {
      const { bank } = scene();
      const payment = await acceptedPayment(t.app, bank, { payerName: 'JOHN KAMAU', narration: 'Shares Nov' });
      const { records } = await exportRecordsHolding(t.app, (r) => r.erpRefId === payment.erpRefId);
      const record = records.find((r) => r.erpRefId === payment.erpRefId);
      assert.equal(record.payerName, 'JOHN KAMAU');
      assert.equal(record.narration, 'Shares Nov');
      assert.equal(record.source, 'notification');
      assert.match(record.paymentId, /^\d+$/);
      const csv = await admin(t.app, 'GET', '/payments/export?format=csv');
      assert.equal(
        csv.body.split('\r\n')[0],
        'erpRefId,transactionReference,paymentType,customerRef,memberName,amount,currency,transactionDate,receivedAt,clientId,paymentId,payerName,narration,source',
      );
    });

    it('a feed moves only from where its export began: a second export begun meanwhile gets 409', async () => {
      const { bank } = scene();
      await acceptedPayment(t.app, bank);
      const first = await exportRecords(t.app, { feed: 'race' });
      const second = await exportRecords(t.app, { feed: 'race' });
      assert.equal(first.feedCursor, undefined);
      const moved = await admin(t.app, 'PUT', '/export-feeds/race', { cursor: first.nextCursor, previous: null });
      assert.equal(moved.statusCode, 200, moved.body);
      const late = await admin(t.app, 'PUT', '/export-feeds/race', { cursor: second.nextCursor, previous: null });
      assert.equal(late.statusCode, 409, late.body);
      assert.match(json(late).message, /discard/);
      const feeds = json(await admin(t.app, 'GET', '/export-feeds'));
      const race = feeds.find((feed: { name: string }) => feed.name === 'race');
      assert.equal(race.cursor, first.nextCursor);
      assert.equal(race.updatedBy, 'owner token');
    });

    it('refuses a bad feed name, a feed with since or from, and a cursor that is not one', async () => {
      assert.equal((await admin(t.app, 'GET', '/payments/export?feed=no%20spaces')).statusCode, 400);
      const withSince = await admin(t.app, 'GET', '/payments/export?feed=a&since=abc');
      assert.equal(withSince.statusCode, 400);
      assert.equal((await admin(t.app, 'GET', '/payments/export?feed=a&from=2026-11-01')).statusCode, 400);
      const bad = await admin(t.app, 'PUT', '/export-feeds/a', { cursor: 'nonsense', previous: null });
      assert.equal(bad.statusCode, 400);
      assert.match(json(bad).message, /^cursor: /);
    });
  });
}
