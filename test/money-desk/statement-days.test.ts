import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bankWithToken } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import {
  acceptedPayment,
  type Bank,
  camt053,
  type Entry,
  mt940,
  reconcile,
  reconciliationItems,
  reconciliationRunCount,
  referenceOf,
} from '../support/money-desk.js';
import { ADMIN_TOKEN, json, useTestApp } from '../support/test-app.js';

// Nairobi is UTC+3: a payment's day is its local day, and 23:00 there is 20:00 UTC.
const local = (day: string, time: string) => `${day}T${time}:00+03:00`;
type Item = { line: number | null; category: string; reference: string };

/** A daily MT940 as banks send it: the opening balance dated the day before, the entries and closing balance on the day. */
function dailyMt940(day: string, dayBefore: string, entries: Entry[]): string {
  const yymmdd = (date: string) => date.slice(2).replace(/-/g, '');
  return mt940(entries, { from: day, to: day }).replace(/:60F:C\d{6}KES/, `:60F:C${yymmdd(dayBefore)}KES`);
}

for (const kind of databaseKinds()) {
  describe(`the statement's own days (${kind})`, () => {
    const t = useTestApp(kind, { config: { timeZone: 'Africa/Nairobi' } });

    const withPeriod = (clientId: string, period: Record<string, string>, file: string) =>
      t.app.inject({
        method: 'POST',
        url: `/admin/v1/reconciliations?${new URLSearchParams({ clientId, format: 'mt940', ...period })}`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/plain' },
        payload: file,
      });
    const runCount = () => reconciliationRunCount(t.app);
    const itemsOf = (id: number): Promise<Item[]> => reconciliationItems(t.app, id);
    const refsIn = (items: Item[], category: string) =>
      items.filter((item) => item.category === category).map((item) => item.reference);
    const pay = (bank: Bank, amount: string, day: string, time: string) =>
      acceptedPayment(t.app, bank, { amount, transactionDate: local(day, time) });

    it("a daily MT940 whose opening balance is dated the day before asks for no payment the previous day's run matched", async () => {
      const bank = await bankWithToken(t.app, 'Daily bank');
      const p = await pay(bank, '100.00', '2026-11-24', '10:00');
      const first = await reconcile(
        t.app,
        bank.clientId,
        'mt940',
        dailyMt940('2026-11-24', '2026-11-23', [
          { date: '2026-11-24', amount: '100.00', credit: true, reference: referenceOf(p) },
        ]),
      );
      assert.equal(first.statusCode, 201, first.body);
      assert.deepEqual(json(first).totals.matched, { count: 1, sum: '100.00' });

      const onIt = await pay(bank, '250.00', '2026-11-25', '09:00');
      const notOnIt = await pay(bank, '300.00', '2026-11-25', '12:00');
      const late = await pay(bank, '400.00', '2026-11-25', '23:00');
      await pay(bank, '500.00', '2026-11-26', '01:00'); // 25 November in UTC, 26 in Nairobi: not this statement's
      const second = await reconcile(
        t.app,
        bank.clientId,
        'mt940',
        dailyMt940('2026-11-25', '2026-11-24', [
          { date: '2026-11-25', amount: '250.00', credit: true, reference: referenceOf(onIt) },
        ]),
      );
      assert.equal(second.statusCode, 201, second.body);
      const run = json(second);
      assert.deepEqual(run.period, { from: '2026-11-25', to: '2026-11-25' }, "never the opening balance's day");
      assert.deepEqual(run.totals.matched, { count: 1, sum: '250.00' });
      assert.deepEqual(run.totals.not_on_statement, { count: 1, sum: '300.00' });
      assert.deepEqual(run.totals.next_statement, { count: 1, sum: '400.00' });
      const items = await itemsOf(run.reconciliationId);
      assert.deepEqual(refsIn(items, 'not_on_statement'), [referenceOf(notOnIt)]);
      assert.deepEqual(refsIn(items, 'next_statement'), [referenceOf(late)]);
      assert.ok(!items.some((item) => item.reference === referenceOf(p)), 'P was matched by the run of 24 November');

      // The same statement, read as covering both days: P is in the period, and still not asked for.
      const widened = await withPeriod(
        bank.clientId,
        { from: '2026-11-24', to: '2026-11-25' },
        dailyMt940('2026-11-25', '2026-11-24', [
          { date: '2026-11-25', amount: '250.00', credit: true, reference: referenceOf(onIt) },
        ]),
      );
      assert.equal(widened.statusCode, 201, widened.body);
      const wide = await itemsOf(json(widened).reconciliationId);
      assert.ok(
        !wide.some((item) => item.reference === referenceOf(p)),
        'matched by an earlier run: never asked again',
      );
      assert.deepEqual(refsIn(wide, 'not_on_statement'), [referenceOf(notOnIt)]);

      // The next day's statement lacks the late payment too: now it is asked for.
      const third = json(await reconcile(t.app, bank.clientId, 'mt940', dailyMt940('2026-11-26', '2026-11-25', [])));
      const later = await itemsOf(third.reconciliationId);
      assert.ok(refsIn(later, 'not_on_statement').includes(referenceOf(late)));
      assert.ok(!later.some((item) => item.reference === referenceOf(notOnIt)), 'the 25th is not its period');
      const only = await reconciliationItems(t.app, run.reconciliationId, '?category=next_statement');
      assert.deepEqual(
        only.map((item: Item) => item.reference),
        [referenceOf(late)],
      );
    });

    it('a payment left for the next statement is asked for by the next one, after a weekend too, and only once', async () => {
      const bank = await bankWithToken(t.app, 'Weekday bank');
      const friday = await pay(bank, '700.00', '2026-11-27', '20:00');
      const onFriday = json(await reconcile(t.app, bank.clientId, 'mt940', dailyMt940('2026-11-27', '2026-11-26', [])));
      assert.deepEqual(refsIn(await itemsOf(onFriday.reconciliationId), 'next_statement'), [referenceOf(friday)]);

      const onMonday = json(await reconcile(t.app, bank.clientId, 'mt940', dailyMt940('2026-11-30', '2026-11-27', [])));
      assert.deepEqual(refsIn(await itemsOf(onMonday.reconciliationId), 'not_on_statement'), [referenceOf(friday)]);
      assert.deepEqual(onMonday.totals.not_on_statement, { count: 1, sum: '700.00' });

      const onTuesday = json(
        await reconcile(t.app, bank.clientId, 'mt940', dailyMt940('2026-12-01', '2026-11-30', [])),
      );
      assert.deepEqual(await itemsOf(onTuesday.reconciliationId), [], 'asked for once, on Monday');
    });

    it('finance gives the period on upload: it replaces the file’s for every account', async () => {
      const bank = await bankWithToken(t.app, 'Given period bank');
      const inside = await pay(bank, '10.00', '2026-11-27', '10:00');
      const file = mt940([{ date: '2026-11-28', amount: '1.00', credit: true, reference: 'X' }], {
        from: '2026-11-28',
        to: '2026-11-28',
      });
      const response = await withPeriod(bank.clientId, { from: '2026-11-27', to: '2026-11-28' }, file);
      assert.equal(response.statusCode, 201, response.body);
      const run = json(response);
      assert.deepEqual(run.period, { from: '2026-11-27', to: '2026-11-28' });
      assert.deepEqual(run.accounts[0].period, { from: '2026-11-27', to: '2026-11-28' });
      assert.deepEqual(refsIn(await itemsOf(run.reconciliationId), 'not_on_statement'), [referenceOf(inside)]);
    });

    it('a period that runs backwards, half a period, or one of over a year is refused and nothing is stored', async () => {
      const bank = await bankWithToken(t.app, 'Backwards bank');
      const file = mt940([{ date: '2026-11-28', amount: '1.00', credit: true, reference: 'X' }], {
        from: '2026-11-28',
        to: '2026-11-28',
      });
      const before = await runCount();
      const backwards = await withPeriod(bank.clientId, { from: '2026-11-28', to: '2026-11-27' }, file);
      assert.equal(backwards.statusCode, 400, backwards.body);
      assert.match(json(backwards).message, /runs backwards/);
      const half = await withPeriod(bank.clientId, { from: '2026-11-28' }, file);
      assert.equal(half.statusCode, 400, half.body);
      assert.match(json(half).message, /both from and to/);
      const notADay = await withPeriod(bank.clientId, { from: '2026-02-30', to: '2026-03-01' }, file);
      assert.equal(notADay.statusCode, 400, notADay.body);
      for (const slip of [
        { from: '0026-11-28', to: '2026-11-28' },
        { from: '2026-11-28', to: '9999-12-31' },
        { from: '2025-11-27', to: '2026-11-28' },
      ]) {
        const refused = await withPeriod(bank.clientId, slip, file);
        assert.equal(refused.statusCode, 400, `${JSON.stringify(slip)}: ${refused.body}`);
      }
      const aYear = await withPeriod(bank.clientId, { from: '2025-11-28', to: '2026-11-28' }, file);
      assert.equal(aYear.statusCode, 201, `366 days, as long as a period may be: ${aYear.body}`);
      const afterYear = await runCount();
      const camt = camt053([], { from: '2026-11-28', to: '2026-11-27' });
      const fileBackwards = await reconcile(t.app, bank.clientId, 'camt053', camt);
      assert.equal(fileBackwards.statusCode, 400, fileBackwards.body);
      assert.match(json(fileBackwards).message, /backwards/);
      assert.equal(await runCount(), afterYear);
      assert.equal(afterYear, before + 1, 'only the year was stored');
    });
  });
}
