import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ISO_DATE_TIME } from '../support/admin.js';
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

    /** The feed's next export once it holds every payment wanted (another database's transaction may hold one back). */
    async function feedExportHolding(name: string, wanted: readonly string[]) {
      for (let attempt = 0; ; attempt++) {
        const exported = await exportRecords(t.app, { feed: name });
        const ids = exported.records.map((record) => record.erpRefId);
        if (wanted.every((id) => ids.includes(id)) || attempt === 100) return exported;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    it('a feed made to start now takes only what is accepted after; each move is kept as a batch', async () => {
      const { bank } = scene();
      const before = await acceptedPayment(t.app, bank);
      const made = await admin(t.app, 'POST', '/export-feeds', { name: 'from-now', start: 'now' });
      assert.equal(made.statusCode, 201, made.body);
      assert.equal(json(made).lastBatch, null);
      assert.equal(json(made).updatedBy, 'owner token');
      const again = await admin(t.app, 'POST', '/export-feeds', { name: 'from-now', start: 'first' });
      assert.equal(again.statusCode, 409, again.body);
      assert.equal(json(again).message, 'A feed named from-now exists already: choose another name');

      const first = [(await acceptedPayment(t.app, bank)).erpRefId, (await acceptedPayment(t.app, bank)).erpRefId];
      const one = await feedExportHolding('from-now', first);
      const oneIds = one.records.map((record) => record.erpRefId);
      assert.ok(!oneIds.includes(before.erpRefId), 'a payment accepted before the feed was made is not in it');
      assert.equal(one.feedCursor, json(made).cursor, 'the first export begins where the feed was made');
      const moved = json(
        await admin(t.app, 'PUT', '/export-feeds/from-now', { cursor: one.nextCursor, previous: one.feedCursor }),
      );
      assert.equal(moved.lastBatch.number, 1);
      assert.equal(moved.lastBatch.payments, one.records.length);
      assert.equal(moved.lastBatch.lastPayment.erpRefId, oneIds.at(-1));
      assert.equal(moved.lastBatch.lastPayment.paymentId, Number(one.records.at(-1).paymentId));
      assert.match(moved.lastBatch.lastPayment.acceptedAt, ISO_DATE_TIME);
      assert.equal(moved.lastBatch.takenBy, 'owner token');
      assert.equal(moved.lastBatch.takenAt, moved.updatedAt);
      assert.deepEqual([moved.lastBatch.since, moved.lastBatch.until], [one.feedCursor, one.nextCursor]);

      const next = (await acceptedPayment(t.app, bank)).erpRefId;
      const two = await feedExportHolding('from-now', [next]);
      assert.equal(two.feedCursor, one.nextCursor);
      assert.equal(
        (await admin(t.app, 'PUT', '/export-feeds/from-now', { cursor: two.nextCursor, previous: two.feedCursor }))
          .statusCode,
        200,
      );

      const batches = json(await admin(t.app, 'GET', '/export-feeds/from-now/batches'));
      assert.deepEqual(
        batches.items.map((batch: { number: number; payments: number }) => [batch.number, batch.payments]),
        [
          [2, two.records.length],
          [1, one.records.length],
        ],
      );
      assert.equal(batches.nextCursor, null);
      const page = json(await admin(t.app, 'GET', '/export-feeds/from-now/batches?limit=1'));
      assert.deepEqual([page.items[0].number, page.nextCursor], [2, '2']);
      const rest = json(await admin(t.app, 'GET', '/export-feeds/from-now/batches?limit=1&cursor=2'));
      assert.deepEqual([rest.items[0].number, rest.nextCursor], [1, null]);

      const feeds = json(await admin(t.app, 'GET', '/export-feeds'));
      assert.equal(feeds.find((feed: { name: string }) => feed.name === 'from-now').lastBatch.number, 2);

      // A lost file: the batch again, from its two cursors, and the feed stays where it is.
      const again1 = await exportRecords(t.app, { since: rest.items[0].since, until: rest.items[0].until });
      assert.deepEqual(
        again1.records.map((record) => record.erpRefId),
        oneIds,
      );
      assert.equal(again1.nextCursor, one.nextCursor);
      const audit = json(await admin(t.app, 'GET', '/audit?action=export_feed&limit=10'));
      assert.ok(
        audit.items.some((event: { action: string; target: string }) => event.action === 'export_feed.created'),
      );
    });

    it('a feed made to start at the first payment takes every payment accepted so far', async () => {
      const { bank } = scene();
      const old = await acceptedPayment(t.app, bank);
      assert.equal(
        (await admin(t.app, 'POST', '/export-feeds', { name: 'from-first', start: 'first' })).statusCode,
        201,
      );
      const exported = await feedExportHolding('from-first', [old.erpRefId]);
      assert.ok(exported.records.some((record) => record.erpRefId === old.erpRefId));
      const moved = json(
        await admin(t.app, 'PUT', '/export-feeds/from-first', {
          cursor: exported.nextCursor,
          previous: exported.feedCursor,
        }),
      );
      assert.equal(moved.lastBatch.payments, exported.records.length);
    });

    it('of two exports of a feed at once, only the first to finish is kept as a batch', async () => {
      const { bank } = scene();
      await acceptedPayment(t.app, bank);
      const first = await exportRecords(t.app, { feed: 'both-at-once' });
      const second = await exportRecords(t.app, { feed: 'both-at-once' });
      const move = (exported: typeof first) =>
        admin(t.app, 'PUT', '/export-feeds/both-at-once', {
          cursor: exported.nextCursor,
          previous: exported.feedCursor ?? null,
        });
      assert.equal((await move(first)).statusCode, 200);
      assert.equal((await move(second)).statusCode, 409);
      const batches = json(await admin(t.app, 'GET', '/export-feeds/both-at-once/batches'));
      assert.equal(batches.items.length, 1);
      assert.equal(batches.items[0].since, null, "a feed's first export through the command line begins at nothing");
    });

    it('refuses until with a feed or days, until before since, a batch cursor that is not one, and an unknown feed', async () => {
      const { bank } = scene();
      await acceptedPayment(t.app, bank);
      const early = await exportRecords(t.app);
      await acceptedPayment(t.app, bank);
      const late = await exportRecords(t.app);
      const refused = async (url: string, message: RegExp) => {
        const answer = await admin(t.app, 'GET', url);
        assert.equal(answer.statusCode, 400, `${url}: ${answer.body}`);
        assert.match(json(answer).message, message);
      };
      await refused(`/payments/export?feed=a&until=${early.nextCursor}`, /^until: goes with since alone/);
      await refused(`/payments/export?from=2026-11-01&until=${early.nextCursor}`, /^until: /);
      if (late.nextCursor !== early.nextCursor) {
        await refused(`/payments/export?since=${late.nextCursor}&until=${early.nextCursor}`, /^until: is before since/);
      }
      await refused('/payments/export?until=nonsense', /^until: /);
      await refused('/export-feeds/from-now/batches?cursor=0', /^cursor: /);
      await refused('/export-feeds/from-now/batches?cursor=99999999999', /^cursor: /);
      const unknown = await admin(t.app, 'GET', '/export-feeds/never-made/batches');
      assert.equal(unknown.statusCode, 404);
      assert.equal(json(unknown).message, 'No export feed named never-made');
      const badName = await admin(t.app, 'POST', '/export-feeds', { name: 'no spaces', start: 'now' });
      assert.equal(badName.statusCode, 400);
      const badStart = await admin(t.app, 'POST', '/export-feeds', { name: 'ok', start: 'yesterday' });
      assert.equal(badStart.statusCode, 400);
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
