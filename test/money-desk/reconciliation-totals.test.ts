import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import { admin, bankWithToken, createBank } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { acceptedPayment, type Bank, mismatchedPair, mt940, newReference, reconcile } from '../support/money-desk.js';
import { json, useTestApp } from '../support/test-app.js';

const DAY = '2026-11-20';
// A real Rabobank export: accounts in EUR, USD and JPY in one file, credits and debits.
const RABOBANK = readFileSync(new URL('../fixtures/statements/mt940/rabobank-nl-940-header.sta', import.meta.url));

interface Listed {
  amount: string;
  currency: string | null;
  category: string;
  open: boolean;
}

/** The exact sum of amounts of two decimals, as the API writes it. */
function sumOf(amounts: string[]): string {
  const cents = amounts.reduce((all, amount) => all + BigInt(amount.replace('.', '')), 0n);
  const digits = cents.toString().padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** What the totals should say of a list: count and sum per currency, alphabetical, null last. */
function totalsOfListed(items: Listed[], currencyOf: (item: Listed) => string | null) {
  const by = new Map<string | null, string[]>();
  for (const item of items) by.set(currencyOf(item), [...(by.get(currencyOf(item)) ?? []), item.amount]);
  const byCurrency = [...by.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map(([currency, amounts]) => ({ currency, count: amounts.length, sum: sumOf(amounts) }));
  return { count: items.length, byCurrency };
}

for (const kind of databaseKinds()) {
  describe(`a run's items are counted and summed per currency as the list filters them (${kind})`, () => {
    const t = useTestApp(kind, { config: { timeZone: 'Africa/Nairobi' } });
    let bank: Bank;
    before(async () => {
      bank = await bankWithToken(t.app, 'Family Bank');
    });

    const get = async (url: string) => {
      const answer = await admin(t.app, 'GET', url);
      assert.equal(answer.statusCode, 200, answer.body);
      return json(answer);
    };

    it('a real statement of three currencies: each category counted and summed per currency, as its list holds', async () => {
      const other = await createBank(t.app, 'Rabobank');
      const made = await reconcile(t.app, other.clientId, 'mt940', RABOBANK as unknown as string);
      assert.equal(made.statusCode, 201, made.body);
      const run = json(made);
      const id = run.reconciliationId as number;
      for (const category of ['missing_notification', 'debit']) {
        const { items } = await get(`/reconciliations/${id}?category=${category}`);
        const totals = await get(`/reconciliations/${id}/totals?category=${category}`);
        assert.deepEqual(
          totals,
          totalsOfListed(items, (item) => item.currency),
          category,
        );
        assert.equal(totals.count, run.totals[category].count);
      }
      const credits = await get(`/reconciliations/${id}/totals?category=missing_notification`);
      assert.deepEqual(
        credits.byCurrency.map((one: { currency: string }) => one.currency),
        ['EUR', 'JPY', 'USD'],
        'one sum per currency, never added together',
      );
      const everything = await get(`/reconciliations/${id}/totals`);
      assert.equal(everything.count, run.lines, 'without a category: every line');
      assert.deepEqual(
        everything.byCurrency.map((one: { sum: string | null }) => one.sum),
        everything.byCurrency.map(() => null),
        'debits and credits are not added together',
      );
    });

    it('the open filter: a line marked dealt with leaves the open totals and the open CSV, and comes back when unmarked', async () => {
      const { entries } = await mismatchedPair(t.app, bank, DAY);
      const statement = mt940(
        [...entries, { date: DAY, amount: '999.99', credit: true, reference: newReference('LOST') }],
        { from: DAY, to: DAY },
      );
      const id = json(await reconcile(t.app, bank.clientId, 'mt940', statement)).reconciliationId as number;
      const mismatch = `/reconciliations/${id}/totals?category=amount_mismatch`;
      assert.deepEqual(await get(mismatch), {
        count: 2,
        byCurrency: [{ currency: 'KES', count: 2, sum: '1700.50' }],
      });

      const marked = await admin(t.app, 'PUT', `/reconciliations/${id}/items/line-1/dealt-with`, {
        note: 'Bank kept a charge',
      });
      assert.equal(marked.statusCode, 200, marked.body);
      assert.deepEqual(await get(`${mismatch}&open=true`), {
        count: 1,
        byCurrency: [{ currency: 'KES', count: 1, sum: '250.50' }],
      });
      assert.deepEqual(await get(`${mismatch}&open=false`), {
        count: 1,
        byCurrency: [{ currency: 'KES', count: 1, sum: '1450.00' }],
      });
      const csv = (
        await admin(t.app, 'GET', `/reconciliations/${id}?format=csv&category=amount_mismatch&open=true`)
      ).body
        .trim()
        .split(/\r?\n/);
      assert.equal(csv.length, 1 + 1, 'the header and the one open line');
      assert.match(csv[1] ?? '', /,250\.50,C,KES,/);
      const named = await admin(t.app, 'GET', `/reconciliations/${id}?format=csv&category=amount_mismatch&open=true`);
      assert.equal(
        named.headers['content-disposition'],
        `attachment; filename="reconciliation-${id}-amount-mismatch-open.csv"`,
        'the file is named for what it holds',
      );
      const all = (await admin(t.app, 'GET', `/reconciliations/${id}?format=csv&category=missing_notification`)).body;
      assert.equal(all.trim().split(/\r?\n/).length, 1 + 1, 'the category alone: the one line never notified');

      assert.equal((await admin(t.app, 'DELETE', `/reconciliations/${id}/items/line-1/dealt-with`)).statusCode, 200);
      assert.equal((await get(`${mismatch}&open=true`)).count, 2);
    });

    it('payments not on the statement are summed in their own currency', async () => {
      const paid = await bankWithToken(t.app, 'Quiet Bank');
      await acceptedPayment(t.app, paid, { amount: '10.25', transactionDate: `${DAY}T09:00:00+03:00` });
      await acceptedPayment(t.app, paid, { amount: '20.50', transactionDate: `${DAY}T11:00:00+03:00` });
      const empty = mt940([{ date: DAY, amount: '5.00', credit: false, reference: 'FEE' }], { from: DAY, to: DAY });
      const id = json(await reconcile(t.app, paid.clientId, 'mt940', empty)).reconciliationId as number;
      assert.deepEqual(await get(`/reconciliations/${id}/totals?category=not_on_statement`), {
        count: 2,
        byCurrency: [{ currency: 'KES', count: 2, sum: '30.75' }],
      });
      assert.deepEqual(await get(`/reconciliations/${id}/totals?category=matched&open=true`), {
        count: 0,
        byCurrency: [],
      });
    });

    it('how many runs there are, of one bank or of all', async () => {
      const before = (await get('/reconciliations/totals')).count as number;
      const fresh = await bankWithToken(t.app, 'Fresh Bank');
      assert.deepEqual(await get(`/reconciliations/totals?clientId=${fresh.clientId}`), { count: 0 });
      const statement = mt940([{ date: DAY, amount: '5.00', credit: false, reference: 'FEE' }], { from: DAY, to: DAY });
      for (let n = 0; n < 3; n++) await reconcile(t.app, fresh.clientId, 'mt940', statement);
      assert.deepEqual(await get(`/reconciliations/totals?clientId=${fresh.clientId}`), { count: 3 });
      assert.equal((await get('/reconciliations/totals')).count, before + 3);
      const listed = await get(`/reconciliations?clientId=${fresh.clientId}&limit=2`);
      assert.equal(listed.items.length, 2, 'the count is of every page, not the one asked');
    });

    it('a bad filter is a 400 and an unknown run a 404, never a 500', async () => {
      const bad = await admin(t.app, 'GET', '/reconciliations/1/totals?category=lost');
      assert.equal(bad.statusCode, 400);
      assert.equal(json(bad).error, 'invalid_input');
      assert.equal((await admin(t.app, 'GET', '/reconciliations/1/totals?open=perhaps')).statusCode, 400);
      const missing = await admin(t.app, 'GET', '/reconciliations/987654321/totals');
      assert.equal(missing.statusCode, 404);
      const zero = await admin(t.app, 'GET', '/reconciliations/0/totals');
      assert.equal(zero.statusCode, (await admin(t.app, 'GET', '/reconciliations/0')).statusCode, 'as the run itself');
    });
  });
}
