import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin, bankCall, bankWithToken } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import {
  acceptedPayment,
  type Bank,
  CSV_MAPPING,
  type Entry,
  type Format,
  heldPayment,
  newReference,
  reconcile,
  reconciliationRunCount,
  statementOf,
} from '../support/money-desk.js';
import { addOperator, asPage, signIn } from '../support/operators.js';
import { json, type TestApp, useTestApp } from '../support/test-app.js';

const DAY = '2026-11-20';
const PERIOD = { from: DAY, to: DAY };
const at = (date: string) => `${date}T10:00:00Z`;

interface Scene {
  bank: Bank;
  entries: Entry[];
  /** Line number to the category it must land in. */
  expected: Record<number, string>;
  notOnStatement: string;
}

/**
 * One bank's day: notified payments (accepted, held, one the statement lacks, one outside the
 * period), another bank's payment, and the statement the bank sends for it.
 */
async function scene(t: TestApp, format: Format): Promise<Scene> {
  const bank = await bankWithToken(t.app, `Bank ${format}`);
  const other = await bankWithToken(t.app, `Other bank ${format}`);
  const matched = await acceptedPayment(t.app, bank, { amount: '1500.50', transactionDate: at(DAY) });
  const mismatched = await acceptedPayment(t.app, bank, { amount: '2000.00', transactionDate: at(DAY) });
  const held = await heldPayment(t.app, bank, { amount: '300.00', transactionDate: at(DAY) });
  const missing = await acceptedPayment(t.app, bank, { amount: '750.25', transactionDate: at(DAY) });
  await acceptedPayment(t.app, bank, { amount: '10.00', transactionDate: at('2026-11-15') });
  const othersPayment = await acceptedPayment(t.app, other, { amount: '5.00', transactionDate: at(DAY) });
  const ref = (payment: { body: Record<string, unknown> }) => payment.body.transactionReference as string;
  const entries: Entry[] = [
    { date: DAY, amount: '1500.50', credit: true, reference: ref(matched) },
    { date: DAY, amount: '2100.00', credit: true, reference: ref(mismatched) },
    { date: DAY, amount: '150.00', credit: false, reference: 'CHG2632700', narration: 'ACCOUNT SERVICE FEE' },
    { date: DAY, amount: '300.00', credit: true, reference: ref(held) },
    { date: DAY, amount: '999.99', credit: true, reference: newReference('LOST') },
    { date: DAY, amount: '1500.50', credit: true, reference: ref(matched) },
    { date: DAY, amount: '5.00', credit: true, reference: ref(othersPayment) },
  ];
  const expected = {
    1: 'matched',
    2: 'amount_mismatch',
    3: 'debit',
    4: 'held',
    5: 'missing_notification',
    6: 'missing_notification',
    7: 'missing_notification',
  };
  return { bank, entries, expected, notOnStatement: ref(missing) };
}

for (const kind of databaseKinds()) {
  describe(`reconciling a bank statement (${kind})`, () => {
    const t = useTestApp(kind);

    const runCount = () => reconciliationRunCount(t.app);

    for (const format of ['mt940', 'camt053', 'csv'] as const) {
      it(`${format}: every line lands in one category, line by line, with exact sums; the run is kept`, async () => {
        const { bank, entries, expected, notOnStatement } = await scene(t, format);
        if (format === 'csv') {
          const saved = await admin(t.app, 'PUT', `/clients/${bank.clientId}/statement-mapping`, CSV_MAPPING);
          assert.equal(saved.statusCode, 200, saved.body);
        }
        const response = await reconcile(t.app, bank.clientId, format, statementOf(format, entries, PERIOD));
        assert.equal(response.statusCode, 201, response.body);
        const run = json(response);
        assert.equal(response.headers.location, `/admin/v1/reconciliations/${run.reconciliationId}`);
        assert.equal(run.clientId, bank.clientId);
        assert.equal(run.clientName, `Bank ${format}`);
        assert.equal(run.format, format);
        assert.equal(run.lines, 7);
        assert.equal(run.credits, 6);
        assert.deepEqual(run.period, format === 'csv' ? PERIOD : PERIOD);
        assert.deepEqual(run.totals, {
          matched: { count: 1, sum: '1500.50' },
          amount_mismatch: { count: 1, sum: '2100.00' },
          held: { count: 1, sum: '300.00' },
          missing_notification: { count: 3, sum: '2505.49' },
          other_account: { count: 0, sum: '0.00' },
          not_on_statement: { count: 1, sum: '750.25' },
          next_statement: { count: 0, sum: '0.00' },
          debit: { count: 1, sum: '150.00' },
        });

        const kept = await admin(t.app, 'GET', `/reconciliations/${run.reconciliationId}`);
        assert.equal(kept.statusCode, 200, kept.body);
        const { items, totals, nextCursor } = json(kept);
        assert.deepEqual(totals, run.totals);
        assert.equal(nextCursor, null);
        assert.equal(items.length, 8);
        for (const [line, category] of Object.entries(expected)) {
          const item = items.find((i: { line: number }) => i.line === Number(line));
          assert.equal(item?.category, category, `line ${line}: ${JSON.stringify(item)}`);
        }
        const byLine = (n: number) => items.find((i: { line: number }) => i.line === n);
        assert.equal(byLine(1).payment.amount, '1500.50');
        assert.equal(byLine(2).payment.amount, '2000.00');
        assert.equal(byLine(2).amount, '2100.00');
        assert.equal(byLine(4).payment.status, 'held');
        assert.equal(byLine(5).payment, null);
        assert.equal(byLine(6).sameReferenceAsLine, 1);
        assert.equal(byLine(7).payment, null, "another bank's payment is not this bank's");
        assert.match(byLine(1).position, format === 'camt053' ? /Ntry\[1\]/ : /^line \d+$/);
        const last = items.at(-1);
        assert.equal(last.category, 'not_on_statement');
        assert.equal(last.line, null);
        assert.equal(last.reference, notOnStatement);
        assert.equal(last.amount, '750.25');
      });
    }

    it('lists runs newest first and gives a run as CSV with Accept: text/csv or ?format=csv', async () => {
      const { bank, entries } = await scene(t, 'mt940');
      const made = json(await reconcile(t.app, bank.clientId, 'mt940', statementOf('mt940', entries, PERIOD)));
      const listed = json(await admin(t.app, 'GET', `/reconciliations?clientId=${bank.clientId}`));
      assert.equal(listed.items.length, 1);
      assert.equal(listed.items[0].reconciliationId, made.reconciliationId);
      assert.deepEqual(listed.items[0].totals, made.totals);

      const byAccept = await t.app.inject({
        method: 'GET',
        url: `/admin/v1/reconciliations/${made.reconciliationId}`,
        headers: { authorization: `Bearer test-admin-token-0123456789abcdef`, accept: 'text/csv' },
      });
      assert.equal(byAccept.statusCode, 200);
      assert.match(byAccept.headers['content-type'] as string, /^text\/csv/);
      const byQuery = await admin(t.app, 'GET', `/reconciliations/${made.reconciliationId}?format=csv`);
      assert.equal(byQuery.body, byAccept.body);
      const rows = byAccept.body.trimEnd().split('\r\n');
      assert.equal(rows.length, 1 + 8);
      assert.match(
        rows[0] ?? '',
        /^line,position,bookingDate,valueDate,reference,amount,creditDebit,currency,narration,category,/,
      );
      assert.match(rows[1] ?? '', /^1,line \d+,2026-11-20,2026-11-20,\w+,1500\.50,C,KES,MPESA C2B PAYMENT,matched,/);
      assert.match(rows[8] ?? '', /,750\.25,,KES,.*,not_on_statement,/);
    });

    it('pages through lines and then the payments not on the statement; filters by category', async () => {
      const { bank, entries } = await scene(t, 'mt940');
      const made = json(await reconcile(t.app, bank.clientId, 'mt940', statementOf('mt940', entries, PERIOD)));
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = cursor === null ? '' : `&cursor=${cursor}`;
        const page = json(await admin(t.app, 'GET', `/reconciliations/${made.reconciliationId}?limit=3${query}`));
        assert.ok(page.items.length <= 3);
        seen.push(
          ...page.items.map((item: { line: number | null; category: string }) => `${item.line}:${item.category}`),
        );
        cursor = page.nextCursor;
      } while (cursor !== null);
      assert.deepEqual(seen, [
        '1:matched',
        '2:amount_mismatch',
        '3:debit',
        '4:held',
        '5:missing_notification',
        '6:missing_notification',
        '7:missing_notification',
        'null:not_on_statement',
      ]);
      const missing = json(
        await admin(t.app, 'GET', `/reconciliations/${made.reconciliationId}?category=missing_notification`),
      );
      assert.deepEqual(
        missing.items.map((item: { line: number }) => item.line),
        [5, 6, 7],
      );
    });

    it('a bad file gets 400 naming the line or element, and nothing is stored', async () => {
      const bank = await bankWithToken(t.app, 'Bad files bank');
      await admin(t.app, 'PUT', `/clients/${bank.clientId}/statement-mapping`, CSV_MAPPING);
      const before = await runCount();
      const good: Entry = { date: DAY, amount: '10.00', credit: true, reference: 'GOOD1' };

      const mt = statementOf('mt940', [good, good], PERIOD).replace(':61:2611201120C', ':61:2613201320C');
      const mtAnswer = await reconcile(t.app, bank.clientId, 'mt940', mt);
      assert.equal(mtAnswer.statusCode, 400, mtAnswer.body);
      assert.equal(json(mtAnswer).error, 'invalid_statement');
      assert.match(json(mtAnswer).message, /^line 6: .*Nothing was stored$/);

      const camt = statementOf('camt053', [good, good], PERIOD).replace(
        '<Amt Ccy="KES">10.00</Amt>',
        '<Amt Ccy="KES">ten</Amt>',
      );
      const camtAnswer = await reconcile(t.app, bank.clientId, 'camt053', camt);
      assert.equal(camtAnswer.statusCode, 400, camtAnswer.body);
      assert.match(json(camtAnswer).message, /Ntry\[1\]/);

      const csv = statementOf('csv', [good, good], PERIOD).replace('20/11/2026', '31/02/2026');
      const csvAnswer = await reconcile(t.app, bank.clientId, 'csv', csv);
      assert.equal(csvAnswer.statusCode, 400, csvAnswer.body);
      assert.match(json(csvAnswer).message, /^line 3: /);

      const notXml = await reconcile(t.app, bank.clientId, 'camt053', 'this is not a statement');
      assert.equal(notXml.statusCode, 400, notXml.body);

      // Past the first thousand lines, which were written before the bad one was read.
      const many: Entry[] = Array.from({ length: 1500 }, (_, i) => ({ ...good, reference: `MANY${i}` }));
      const late = statementOf('mt940', many, PERIOD).replace(
        /C10,00NMSCNONREF\/\/MANY1400\r\n/,
        'X10,00NMSCNONREF//MANY1400\r\n',
      );
      const lateAnswer = await reconcile(t.app, bank.clientId, 'mt940', late);
      assert.equal(lateAnswer.statusCode, 400, lateAnswer.body);
      assert.match(json(lateAnswer).message, /^line 2806: /);
      assert.equal(await runCount(), before);
    });

    it("CSV needs the bank's saved mapping; a bad mapping is refused with every problem named", async () => {
      const bank = await bankWithToken(t.app, 'CSV bank');
      const file = statementOf('csv', [{ date: DAY, amount: '10.00', credit: true, reference: 'X1' }], PERIOD);
      const unmapped = await reconcile(t.app, bank.clientId, 'csv', file);
      assert.equal(unmapped.statusCode, 409, unmapped.body);
      assert.match(json(unmapped).message, /statement-mapping/);

      const bad = await admin(t.app, 'PUT', `/clients/${bank.clientId}/statement-mapping`, {
        date: 'Date',
        dateFormat: 'QQ/ZZ',
        amount: 'Amount',
        credit: 'Credit',
        debit: 'Debit',
      });
      assert.equal(bad.statusCode, 400, bad.body);
      assert.match(json(bad).message, /dateFormat: /);
      assert.match(json(bad).message, /reference: is required/);
      assert.match(json(bad).message, /amount: give either/);
      assert.equal(json(await admin(t.app, 'GET', `/clients/${bank.clientId}/statement-mapping`)), null);

      const saved = await admin(t.app, 'PUT', `/clients/${bank.clientId}/statement-mapping`, CSV_MAPPING);
      assert.equal(saved.statusCode, 200, saved.body);
      assert.equal(json(saved).delimiter, ',');
      assert.equal(json(saved).decimalSeparator, '.');
      assert.deepEqual(json(await admin(t.app, 'GET', `/clients/${bank.clientId}/statement-mapping`)), json(saved));
      assert.equal((await reconcile(t.app, bank.clientId, 'csv', file)).statusCode, 201);
      assert.equal((await admin(t.app, 'PUT', '/clients/nope/statement-mapping', CSV_MAPPING)).statusCode, 404);
    });

    it('an unknown bank is 404; a format it does not know is 400', async () => {
      const file = statementOf('mt940', [], PERIOD);
      assert.equal((await reconcile(t.app, 'no-such-client', 'mt940', file)).statusCode, 404);
      const badFormat = await admin(t.app, 'POST', '/reconciliations?clientId=x&format=pdf');
      assert.equal(badFormat.statusCode, 400);
    });

    it('a viewer reads runs but may not reconcile', async () => {
      const viewer = await addOperator(t.app, 'viewer');
      const session = await signIn(t.app, viewer.email, viewer.password);
      const bank = await bankWithToken(t.app, 'Viewer bank');
      const refused = await t.app.inject({
        method: 'POST',
        url: `/admin/v1/reconciliations?clientId=${bank.clientId}&format=mt940`,
        headers: { ...asPage(session), 'content-type': 'text/plain' },
        payload: statementOf('mt940', [], PERIOD),
      });
      assert.equal(refused.statusCode, 403);
      const read = await t.app.inject({ method: 'GET', url: '/admin/v1/reconciliations', headers: asPage(session) });
      assert.equal(read.statusCode, 200);
    });

    it('a credit of another currency than its payment is an amount mismatch', async () => {
      const bank = await bankWithToken(t.app, 'Currency bank');
      const payment = await acceptedPayment(t.app, bank, {
        amount: '100.00',
        currency: 'USD',
        transactionDate: at(DAY),
      });
      const reference = payment.body.transactionReference as string;
      const made = json(
        await reconcile(
          t.app,
          bank.clientId,
          'mt940',
          statementOf('mt940', [{ date: DAY, amount: '100.00', credit: true, reference }], PERIOD),
        ),
      );
      assert.deepEqual(made.totals.amount_mismatch, { count: 1, sum: '100.00' });
      assert.ok(bankCall);
    });
  });
}
