import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sumAmounts } from '../../src/payments/amount.js';
import { admin, bankWithToken, putMember, tokenFor } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { acceptedPayment, type Bank, exportRecords, heldPayment, newMemberNumber } from '../support/money-desk.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';

// Nairobi is UTC+3 all year. The test's clock starts at 2026-11-21 08:00 UTC (test/support/clock.ts).
const at = (local: string) => Date.parse(`${local}+03:00`);

interface Figure {
  count: number;
  sum: string;
}
const figure = (amounts: readonly string[]): Figure => ({ count: amounts.length, sum: sumAmounts(amounts) });

for (const kind of databaseKinds()) {
  describe(`one calendar: the day a payment was paid, on every screen (${kind})`, () => {
    let t: TestApp;
    let equity: Bank;
    let kcb: Bank;
    const moveClockTo = async (local: string) => {
      t.clock.advance(at(local) - t.clock.now().getTime());
      equity.token = await tokenFor(t.app, equity.clientId, equity.clientSecret);
      kcb.token = await tokenFor(t.app, kcb.clientId, kcb.clientSecret);
    };

    before(async () => {
      t = await startTestApp(kind, { config: { timeZone: 'Africa/Nairobi' } });
      equity = await bankWithToken(t.app, 'Equity Bank');
      kcb = await bankWithToken(t.app, 'KCB');

      await moveClockTo('2026-11-24T12:00:00');
      await acceptedPayment(t.app, equity, { amount: '100.00', transactionDate: '2026-11-24T11:55:00+03:00' });
      // Held on the 24th, accepted three days later: still a payment of the 24th.
      const late = await heldPayment(t.app, kcb, { amount: '40.00', transactionDate: '2026-11-24T10:00:00+03:00' });
      const refunded = await heldPayment(t.app, equity, {
        amount: '7.00',
        transactionDate: '2026-11-24T09:00:00+03:00',
      });
      await admin(t.app, 'POST', `/payments/${refunded.paymentId}/return`, { note: 'sent back' });

      // Ten past midnight on the 25th, the bank notifies what was paid on the evening of the 24th.
      await moveClockTo('2026-11-25T00:10:00');
      await acceptedPayment(t.app, equity, { amount: '250.50', transactionDate: '2026-11-24T23:30:00+03:00' });
      await acceptedPayment(t.app, kcb, { amount: '10.25', transactionDate: '2026-11-24T21:05:00Z' });
      await acceptedPayment(t.app, equity, { amount: '3.00', transactionDate: '2026-11-23T23:50:00+03:00' });
      await heldPayment(t.app, equity, { amount: '5.00', transactionDate: '2026-11-25T00:01:00+03:00' });

      await moveClockTo('2026-11-27T09:00:00');
      const member = newMemberNumber();
      await putMember(t.app, member, 'Wanjiku Kamau');
      const allocated = await admin(t.app, 'POST', `/payments/${late.paymentId}/allocate`, {
        customerRef: member,
        note: 'member number corrected',
      });
      assert.equal(allocated.statusCode, 200, allocated.body);
    });
    after(() => t?.close());

    /** What the dashboard reads for a day: the daily totals per bank and per channel, from the 1st of the month. */
    async function dashboard(day: string, status: 'accepted' | 'held') {
      const totals: Figure[] = [];
      for (const groupBy of ['client', 'paymentType']) {
        const response = await admin(t.app, 'GET', `/reports/daily?from=2026-11-01&to=${day}&groupBy=${groupBy}`);
        assert.equal(response.statusCode, 200, response.body);
        const rows = json(response).days.filter((row: { date: string }) => row.date === day);
        totals.push({
          count: rows.reduce((n: number, row: Record<string, Figure>) => n + (row[status]?.count ?? 0), 0),
          sum: sumAmounts(rows.map((row: Record<string, Figure>) => row[status]?.sum ?? '0.00')),
        });
      }
      assert.deepEqual(totals[0], totals[1], 'per bank and per channel add up to the same');
      return totals[0];
    }

    async function dailyTotals(day: string, status: 'accepted' | 'held') {
      const response = await admin(t.app, 'GET', `/reports/daily?from=${day}&to=${day}`);
      assert.equal(response.statusCode, 200, response.body);
      const [row] = json(response).days;
      return row[status] as Figure;
    }

    /** Every page of the payments search for the day, two at a time so that paging is part of it. */
    async function search(day: string, status: 'accepted' | 'held') {
      const amounts: string[] = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ status, from: day, to: day, limit: '2', ...(cursor ? { cursor } : {}) });
        const response = await admin(t.app, 'GET', `/payments?${query}`);
        assert.equal(response.statusCode, 200, response.body);
        const page = json(response);
        amounts.push(...page.items.map((item: { amount: string }) => item.amount));
        cursor = page.nextCursor;
      } while (cursor !== null);
      return figure(amounts);
    }

    async function dateExport(day: string) {
      const { records, nextCursor } = await exportRecords(t.app, { from: day, to: day });
      assert.equal(nextCursor, undefined, 'an export by date has no cursor');
      return figure(records.map((record: { amount: string }) => record.amount));
    }

    it('24 November: paid that evening but received after midnight, or held and accepted days later, it counts on the 24th everywhere', async () => {
      const expected = { count: 3, sum: '390.50' };
      assert.deepEqual(await dashboard('2026-11-24', 'accepted'), expected, 'dashboard');
      assert.deepEqual(await dailyTotals('2026-11-24', 'accepted'), expected, 'daily totals');
      assert.deepEqual(await search('2026-11-24', 'accepted'), expected, 'payments search');
      assert.deepEqual(await dateExport('2026-11-24'), expected, 'export by date');
      const nothingHeld = { count: 0, sum: '0.00' };
      assert.deepEqual(await dailyTotals('2026-11-24', 'held'), nothingHeld);
      assert.deepEqual(await search('2026-11-24', 'held'), nothingHeld);
    });

    it('25 November: only what was paid after midnight, although more was received that night', async () => {
      const expected = { count: 1, sum: '10.25' };
      assert.deepEqual(await dashboard('2026-11-25', 'accepted'), expected, 'dashboard');
      assert.deepEqual(await dailyTotals('2026-11-25', 'accepted'), expected, 'daily totals');
      assert.deepEqual(await search('2026-11-25', 'accepted'), expected, 'payments search');
      assert.deepEqual(await dateExport('2026-11-25'), expected, 'export by date');
      const held = { count: 1, sum: '5.00' };
      assert.deepEqual(await dashboard('2026-11-25', 'held'), held, 'dashboard, held');
      assert.deepEqual(await dailyTotals('2026-11-25', 'held'), held, 'daily totals, held');
      assert.deepEqual(await search('2026-11-25', 'held'), held, 'payments search, held');
    });

    it('a range of days is both days, whole; a date-time is still an exact instant', async () => {
      assert.deepEqual(await dateExport('2026-11-23'), { count: 1, sum: '3.00' });
      const both = await exportRecords(t.app, { from: '2026-11-24', to: '2026-11-25' });
      assert.equal(both.records.length, 4);
      const instants = await exportRecords(t.app, { from: '2026-11-24T23:00:00+03:00', to: '2026-11-25T00:00:00' });
      assert.deepEqual(
        instants.records.map((record: { amount: string }) => record.amount),
        ['250.50'],
      );
    });

    it('refuses a day that is not one, and a range that runs backwards, with a plain message', async () => {
      for (const path of ['/payments', '/payments/export']) {
        const bad = await admin(t.app, 'GET', `${path}?from=2026-11-31`);
        assert.equal(bad.statusCode, 400, bad.body);
        assert.match(json(bad).message, /^from: must be an ISO 8601 date/);
        const backwards = await admin(t.app, 'GET', `${path}?from=2026-11-25&to=2026-11-24`);
        assert.equal(backwards.statusCode, 400, backwards.body);
        assert.equal(json(backwards).message, 'to: must not be before from');
        const sameInstant = await admin(t.app, 'GET', `${path}?from=2026-11-25T00:00:00Z&to=2026-11-25T00:00:00Z`);
        assert.equal(json(sameInstant).message, 'to: must be after from');
        const lastDay = await admin(t.app, 'GET', `${path}?from=2026-11-24&to=9999-12-31`);
        assert.equal(lastDay.statusCode, 200, `the calendar's last day bounds nothing: ${lastDay.body}`);
      }
    });
  });
}
