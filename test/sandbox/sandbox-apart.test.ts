import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin, bankWithToken, paymentBody, putMember } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { exportRecords, newMemberNumber, reconcileMt940 } from '../support/money-desk.js';
import { assertAccepted, pay, validate } from '../support/payments.js';
import { ADMIN_TOKEN, json, useTestApp } from '../support/test-app.js';

// Test payments are real rows of their own, and nothing the organisation counts money by reads them.

const DAY = '2026-11-20';
const PAID = `${DAY}T10:00:00+03:00`;

for (const kind of databaseKinds()) {
  describe(`test payments stay apart from the organisation's money (${kind})`, () => {
    const t = useTestApp(kind);

    /** The metrics that count the organisation's validations and payments. */
    async function businessCounters() {
      const text = (
        await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
      ).body;
      return text.split('\n').filter((line) => /^bis_(validations|payments)[a-z_]*total/.test(line));
    }

    /** Every figure, list and file the organisation's money is read from. */
    async function books() {
      const get = async (url: string) => {
        const answer = await admin(t.app, 'GET', url);
        assert.equal(answer.statusCode, 200, `${url}: ${answer.body}`);
        return String(answer.headers['content-type'] ?? '').includes('json') ? json(answer) : answer.body;
      };
      return {
        payments: await get('/payments?limit=500'),
        held: await get('/payments?status=held&order=oldest&limit=500'),
        totals: await get('/payments/totals'),
        search: await get('/payments?q=9900001'),
        csv: await get('/payments?format=csv'),
        daily: await get(`/reports/daily?from=${DAY}&to=${DAY}`),
        byBank: await get(`/reports/daily?from=${DAY}&to=${DAY}&groupBy=clientAndPaymentType`),
        export: (await exportRecords(t.app)).records,
        feed: await get('/payments/export?format=ndjson&feed=erp'),
        members: await get('/members?limit=500'),
        counted: await businessCounters(),
      };
    }

    it('leaves every list, total, export, feed, metric and the member register as they were, and reconciliation matches none', async () => {
      const live = await bankWithToken(t.app, 'Equity Bank');
      const member = newMemberNumber();
      await putMember(t.app, member, 'Live Member');
      await validate(t.app, live, member);
      const livePayment = paymentBody(member, { transactionDate: PAID });
      assertAccepted(await pay(t.app, live, livePayment), livePayment.transactionReference);
      assert.equal((await admin(t.app, 'POST', '/export-feeds', { name: 'erp', start: 'first' })).statusCode, 201);
      const before = await books();
      assert.equal(before.totals.count, 1, 'the live payment is counted');
      assert.ok(
        before.counted.some((line) => line.startsWith('bis_payments_total{outcome="accepted"')),
        before.counted.join('\n'),
      );

      const sandbox = await bankWithToken(t.app, 'Equity UAT', { sandbox: true });
      await validate(t.app, sandbox, '9900001');
      const accepted = paymentBody('9900001', { transactionDate: PAID, amount: '700.00' });
      assertAccepted(await pay(t.app, sandbox, accepted), accepted.transactionReference);
      const held = paymentBody('9900008', { transactionDate: PAID, amount: '800.00' });
      assert.equal((await pay(t.app, sandbox, held)).statusCode, 422);
      // The sandbox client names a real member's number too: held as not found, and not in the real member's books.
      const onRealMember = paymentBody(member, { transactionDate: PAID, amount: '900.00' });
      assert.equal((await pay(t.app, sandbox, onRealMember)).statusCode, 404);

      assert.deepEqual(await books(), before);
      const listed = json(await admin(t.app, 'GET', `/clients/${sandbox.clientId}/test-payments`)).items;
      assert.equal(listed.length, 3, 'the test payments are kept, under their bank');

      // A statement of the sandbox bank that shows the accepted test payment: nothing of the
      // sandbox's matches it, and no test payment is said to be missing from the statement.
      const { items } = await reconcileMt940(
        t.app,
        sandbox.clientId,
        [{ date: DAY, amount: '700.00', credit: true, reference: accepted.transactionReference }],
        { from: DAY, to: DAY },
      );
      assert.deepEqual(
        items.map((item: { category: string }) => item.category),
        ['missing_notification'],
      );
    });
  });
}
