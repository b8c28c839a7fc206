import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { admin, bankCall, bankWithToken, tokenFor } from '../support/bank.js';
import { HOUR, MINUTE } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { acceptedPayment, type Bank, heldPayment, paymentByReference } from '../support/money-desk.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

const zero = { count: 0, sum: '0.00' };

for (const kind of databaseKinds()) {
  describe(`daily totals and local days in BIS_TIME_ZONE=Africa/Nairobi (${kind})`, () => {
    let t: TestApp;
    let equity: Bank;
    let kcb: Bank;
    before(async () => {
      t = await startTestApp(kind, { config: { timeZone: 'Africa/Nairobi' } });
      equity = await bankWithToken(t.app, 'Equity Bank');
      kcb = await bankWithToken(t.app, 'KCB');
      // Nairobi is UTC+3: 22:30 UTC on the 22nd is 01:30 on the 23rd there; 21:00 UTC on the 23rd is midnight.
      await acceptedPayment(t.app, equity, { amount: '100.10', transactionDate: '2026-11-22T22:30:00Z' });
      await acceptedPayment(t.app, equity, {
        amount: '200.20',
        transactionDate: '2026-11-23T20:59:59Z',
        paymentType: 'RTGS',
      });
      await acceptedPayment(t.app, kcb, { amount: '0.05', transactionDate: '2026-11-23T21:00:00Z' });
      await acceptedPayment(t.app, kcb, { amount: '999.99', transactionDate: '2026-11-22T20:59:59Z' });
      await heldPayment(t.app, equity, { amount: '55.00', transactionDate: '2026-11-23T08:00:00Z' });
      const returned = await heldPayment(t.app, kcb, { amount: '44.00', transactionDate: '2026-11-23T08:00:00Z' });
      const answer = await admin(t.app, 'POST', `/payments/${returned.paymentId}/return`, { note: 'refunded' });
      assert.equal(answer.statusCode, 200, answer.body);
    });
    after(() => t.close());

    it('counts and sums exactly per local day, for accepted, held and returned; every day of the range is there', async () => {
      const response = await admin(t.app, 'GET', '/reports/daily?from=2026-11-21&to=2026-11-24');
      assert.equal(response.statusCode, 200, response.body);
      const report = json(response);
      assert.equal(report.timeZone, 'Africa/Nairobi');
      assert.equal(report.groupBy, null);
      assert.deepEqual(report.days, [
        { date: '2026-11-21', currency: null, accepted: zero, held: zero, returned: zero },
        { date: '2026-11-22', currency: 'KES', accepted: { count: 1, sum: '999.99' }, held: zero, returned: zero },
        {
          date: '2026-11-23',
          currency: 'KES',
          accepted: { count: 2, sum: '300.30' },
          held: { count: 1, sum: '55.00' },
          returned: { count: 1, sum: '44.00' },
        },
        { date: '2026-11-24', currency: 'KES', accepted: { count: 1, sum: '0.05' }, held: zero, returned: zero },
      ]);
      assert.deepEqual(report.totals, [
        {
          currency: 'KES',
          accepted: { count: 4, sum: '1300.34' },
          held: { count: 1, sum: '55.00' },
          returned: { count: 1, sum: '44.00' },
        },
      ]);
    });

    it('groups by bank (with its name) or by payment type', async () => {
      const byClient = json(await admin(t.app, 'GET', '/reports/daily?from=2026-11-23&to=2026-11-23&groupBy=client'));
      assert.deepEqual(
        byClient.days.map((row: Record<string, unknown>) => [
          row.clientName,
          row.clientId,
          row.accepted,
          row.held,
          row.returned,
        ]),
        [
          ['Equity Bank', equity.clientId, { count: 2, sum: '300.30' }, { count: 1, sum: '55.00' }, zero],
          ['KCB', kcb.clientId, zero, zero, { count: 1, sum: '44.00' }],
        ],
      );
      const byType = json(
        await admin(t.app, 'GET', '/reports/daily?from=2026-11-23&to=2026-11-23&groupBy=paymentType'),
      );
      assert.deepEqual(
        byType.days.map((row: Record<string, unknown>) => [row.paymentType, row.accepted]),
        [
          ['MPESA', { count: 1, sum: '100.10' }],
          ['RTGS', { count: 1, sum: '200.20' }],
        ],
      );
    });

    it('groups by bank and channel at once; the CSV holds the same rows and totals, formula-safe', async () => {
      await acceptedPayment(t.app, kcb, {
        amount: '120.00',
        currency: 'USD',
        paymentType: 'PESALINK',
        transactionDate: '2026-11-25T09:00:00Z',
      });
      const query = 'from=2026-11-23&to=2026-11-25&groupBy=clientAndPaymentType';
      const report = json(await admin(t.app, 'GET', `/reports/daily?${query}`));
      assert.equal(report.groupBy, 'clientAndPaymentType');
      const rows = report.days.map((row: Record<string, any>) => [
        row.date,
        row.clientName,
        row.paymentType,
        row.currency,
        row.accepted.sum,
        row.held.sum,
        row.returned.sum,
      ]);
      assert.deepEqual(rows, [
        ['2026-11-23', 'Equity Bank', 'MPESA', 'KES', '100.10', '55.00', '0.00'],
        ['2026-11-23', 'Equity Bank', 'RTGS', 'KES', '200.20', '0.00', '0.00'],
        ['2026-11-23', 'KCB', 'MPESA', 'KES', '0.00', '0.00', '44.00'],
        ['2026-11-24', 'KCB', 'MPESA', 'KES', '0.05', '0.00', '0.00'],
        ['2026-11-25', 'KCB', 'PESALINK', 'USD', '120.00', '0.00', '0.00'],
      ]);
      assert.ok(report.days.every((row: Record<string, unknown>) => typeof row.clientId === 'string'));

      const csv = await admin(t.app, 'GET', `/reports/daily?${query}&format=csv`);
      assert.equal(csv.statusCode, 200, csv.body);
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      assert.match(String(csv.headers['content-disposition']), /filename="daily-totals-2026-11-23-to-2026-11-25\.csv"/);
      const lines = csv.body.split('\r\n').filter(Boolean);
      assert.equal(
        lines[0],
        'date,clientName,paymentType,currency,acceptedCount,acceptedSum,heldCount,heldSum,returnedCount,returnedSum',
      );
      const figures = (row: Record<string, any>) =>
        ['accepted', 'held', 'returned'].flatMap((status) => [String(row[status].count), row[status].sum]);
      assert.deepEqual(lines.slice(1), [
        ...report.days.map((row: Record<string, any>) =>
          [row.date, row.clientName, row.paymentType, row.currency, ...figures(row)].join(','),
        ),
        ...report.totals.map((total: Record<string, any>) =>
          ['Total', '', '', total.currency, ...figures(total)].join(','),
        ),
      ]);
      assert.deepEqual(lines.slice(-2), ['Total,,,KES,3,300.35,1,55.00,1,44.00', 'Total,,,USD,1,120.00,0,0.00,0,0.00']);
      const asked = await t.app.inject({
        method: 'GET',
        url: `/admin/v1/reports/daily?${query}`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, accept: 'text/csv' },
      });
      assert.equal(asked.body, csv.body, 'Accept: text/csv asks for the same file');

      // A bank whose name a spreadsheet would run as a formula is written as text.
      const formula = await bankWithToken(t.app, '=HYPERLINK("http://x")');
      await acceptedPayment(t.app, formula, { amount: '1.00', transactionDate: '2026-11-25T10:00:00Z' });
      const named = await admin(t.app, 'GET', '/reports/daily?from=2026-11-25&to=2026-11-25&groupBy=client&format=csv');
      assert.ok(named.body.includes(`2026-11-25,"'=HYPERLINK(""http://x"")",KES,1,1.00,`), named.body);
      assert.equal(
        named.body.split('\r\n')[0],
        'date,clientName,currency,acceptedCount,acceptedSum,heldCount,heldSum,returnedCount,returnedSum',
      );
    });

    it('refuses a bad date, a reversed range and one longer than two years, in plain words', async () => {
      const bad = await admin(t.app, 'GET', '/reports/daily?from=2026-02-30&to=2026-03-01');
      assert.equal(bad.statusCode, 400);
      assert.equal(json(bad).message, 'from: must be a date such as 2026-11-23');
      const reversed = await admin(t.app, 'GET', '/reports/daily?from=2026-11-24&to=2026-11-23');
      assert.equal(reversed.statusCode, 400);
      assert.match(json(reversed).message, /^from: must not be after to/);
      assert.equal((await admin(t.app, 'GET', '/reports/daily?from=2020-01-01&to=2026-01-01')).statusCode, 400);
      const unknownGroup = await admin(t.app, 'GET', '/reports/daily?groupBy=member');
      assert.equal(unknownGroup.statusCode, 400);
      assert.equal(
        json(unknownGroup).message,
        'groupBy: must be one of client, paymentType, clientAndPaymentType',
        'every choice named',
      );
      const badFormat = await admin(t.app, 'GET', '/reports/daily?format=xlsx');
      assert.equal(badFormat.statusCode, 400);
    });

    it('a date-only filter means the local day: from=2026-11-22 starts at 21:00 UTC on the 21st, to=2026-11-21 ends there', async () => {
      // The clock starts at 08:00 UTC on the 21st; 20:30 UTC is 23:30 in Nairobi, 21:30 UTC is 00:30 the next day.
      t.clock.advance(12 * HOUR + 30 * MINUTE);
      equity.token = await tokenFor(t.app, equity.clientId, equity.clientSecret);
      const late = await acceptedPayment(t.app, equity, { amount: '1.00' });
      t.clock.advance(HOUR);
      equity.token = await tokenFor(t.app, equity.clientId, equity.clientSecret);
      const next = await acceptedPayment(t.app, equity, { amount: '2.00' });
      const lateId = (await paymentByReference(t.app, late.body.transactionReference as string)).paymentId;
      const nextId = (await paymentByReference(t.app, next.body.transactionReference as string)).paymentId;
      const ids = async (query: string) =>
        json(await admin(t.app, 'GET', `/payments?clientId=${equity.clientId}&limit=500&${query}`)).items.map(
          (item: { paymentId: number }) => item.paymentId,
        );
      const from = await ids('from=2026-11-22');
      assert.ok(from.includes(nextId) && !from.includes(lateId), JSON.stringify(from));
      // A date as `to` is that whole day, included, as in the daily totals.
      const to = await ids('to=2026-11-21');
      assert.ok(to.includes(lateId) && !to.includes(nextId), JSON.stringify(to));
      const toMidnight = await ids('to=2026-11-22T00:00:00');
      assert.deepEqual(toMidnight, to, 'a date-time as to is excluded, as before');
      const local = await ids('from=2026-11-22T00:00:00');
      assert.deepEqual(local, from, 'a date-time without an offset is local time too');
      const exported = await admin(t.app, 'GET', '/payments/export?format=ndjson&from=2026-11-22');
      const refs = exported.body
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).transactionReference);
      assert.ok(refs.includes(next.body.transactionReference) && !refs.includes(late.body.transactionReference));
      assert.ok(bankCall);
    });
  });
}
