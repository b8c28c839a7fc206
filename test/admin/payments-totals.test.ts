import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { assertAdminError } from '../support/admin.js';
import { admin, bankCall, bankWithToken, paymentBody } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { payableMember } from '../support/money-desk.js';
import { json, useTestApp } from '../support/test-app.js';

// GET /admin/v1/payments/totals: how many payments a search finds and their exact sum per
// currency, always the same as adding up every page of GET /admin/v1/payments with the same filters.

const MEMBER = '4100001';

for (const kind of databaseKinds()) {
  describe(`payments totals (${kind})`, () => {
    const t = useTestApp(kind);
    let bank: Awaited<ReturnType<typeof bankWithToken>>;

    before(async () => {
      bank = await bankWithToken(t.app, 'Totals Bank');
      await payableMember(t.app, bank, 'Wambui Totals', MEMBER);
      const plan: [string, Record<string, unknown>][] = [
        [MEMBER, { amount: '1500.50', transactionDate: '2026-11-20T09:00:00Z' }],
        [MEMBER, { amount: '0.10', paymentType: 'RTGS', transactionDate: '2026-11-20T10:00:00Z' }],
        [MEMBER, { amount: '1234567890123.45', currency: 'USD', transactionDate: '2026-11-21T06:00:00Z' }],
        // No such member: held.
        ['4199999', { amount: '75.00', transactionDate: '2026-11-21T07:00:00Z' }],
      ];
      for (const [customerRef, overrides] of plan) {
        const response = await bankCall(t.app, bank.token, 'payments', paymentBody(customerRef, overrides));
        assert.ok([200, 404].includes(response.statusCode), response.body);
      }
    });

    const totals = async (query = '') => {
      const response = await admin(t.app, 'GET', `/payments/totals${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return json(response);
    };

    /** The same filters' list, every page of it, added up per currency by hand. */
    async function addedUp(query: string) {
      const sums = new Map<string, { count: number; cents: bigint }>();
      let cursor: string | null = null;
      do {
        const page = json(
          await admin(t.app, 'GET', `/payments?limit=1${query.replace('?', '&')}${cursor ? `&cursor=${cursor}` : ''}`),
        );
        for (const payment of page.items) {
          const [whole = '0', cents = '00'] = String(payment.amount).split('.');
          const entry = sums.get(payment.currency) ?? { count: 0, cents: 0n };
          entry.count += 1;
          entry.cents += BigInt(whole) * 100n + BigInt(cents.padEnd(2, '0'));
          sums.set(payment.currency, entry);
        }
        cursor = page.nextCursor;
      } while (cursor);
      return [...sums.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, { count, cents }]) => ({
          currency,
          count,
          sum: `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`,
        }));
    }

    it('counts every payment and sums each currency exactly', async () => {
      assert.deepEqual(await totals(), {
        count: 4,
        byCurrency: [
          { currency: 'KES', count: 3, sum: '1575.60' },
          { currency: 'USD', count: 1, sum: '1234567890123.45' },
        ],
      });
    });

    it('takes the filters of the list, and always agrees with adding up its pages', async () => {
      for (const query of [
        '?status=held',
        '?status=accepted',
        `?customerRef=${MEMBER}`,
        '?paymentType=rtgs',
        `?clientId=${bank.clientId}`,
        '?from=2026-11-21&to=2026-11-21',
        '?status=accepted&from=2026-11-20&to=2026-11-20',
      ]) {
        const found = await totals(query);
        const byHand = await addedUp(query);
        assert.deepEqual(found.byCurrency, byHand, query);
        assert.equal(
          found.count,
          byHand.reduce((all, one) => all + one.count, 0),
          query,
        );
      }
      assert.deepEqual((await totals('?status=held')).byCurrency, [{ currency: 'KES', count: 1, sum: '75.00' }]);
    });

    it('finds nothing as zero, with no currency', async () => {
      assert.deepEqual(await totals('?transactionReference=NO-SUCH-REF'), { count: 0, byCurrency: [] });
    });

    it('refuses what the list refuses, with the same answer', async () => {
      for (const query of ['?status=lost', '?from=2026-11-21&to=2026-11-20', '?from=yesterday']) {
        const totalsAnswer = await admin(t.app, 'GET', `/payments/totals${query}`);
        const listAnswer = await admin(t.app, 'GET', `/payments${query}`);
        assert.equal(totalsAnswer.statusCode, 400, query);
        assert.equal(listAnswer.statusCode, 400, query);
        assertAdminError(json(totalsAnswer));
        assert.equal(json(totalsAnswer).message, json(listAnswer).message, query);
      }
    });
  });
}
