import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { csvCell } from '../../src/csv.js';
import { admin, bankCall, bankWithToken, paymentBody } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { camt053, newReference, payableMember, reconcile } from '../support/money-desk.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';

// Finding: a line break a bank sent (in a narration, a payer's name, a statement's text) reached a
// CSV cell raw. RFC 4180 allows it inside quotes, but a cell that spans lines breaks any tool that
// reads the file a line at a time, and lets a bank's text pass for a record of its own. Every line
// break (CR, LF, VT, FF, NEL, LS, PS) becomes a space.

const BREAKS = /[\n\v\f\r\u0085\u2028\u2029]/;

/** The records of a CSV download: its lines between CRLFs, each checked to hold no other line break. */
function records(csv: string): string[] {
  assert.ok(csv.endsWith('\r\n'), 'each record ends with CRLF');
  const lines = csv.slice(0, -2).split('\r\n');
  for (const line of lines) assert.doesNotMatch(line, BREAKS, JSON.stringify(line));
  return lines;
}

describe('a CSV cell never spans lines', () => {
  it('turns each line break into a space, a CRLF into one', () => {
    assert.equal(csvCell('Paid by\r\nJANE\nWANJIRU\rNJERI'), 'Paid by JANE WANJIRU NJERI');
    assert.equal(csvCell('a\u2028b\u2029c\u0085d\ve\ff'), 'a b c d e f');
  });

  it('still neutralises a formula behind a line break, and still quotes commas and quotes', () => {
    assert.equal(csvCell('\r=HYPERLINK("http://evil.example")'), `"' =HYPERLINK(""http://evil.example"")"`);
    assert.equal(csvCell('\n=1+2'), ' =1+2', 'a leading space: no spreadsheet reads it as a formula');
    assert.equal(csvCell('Otieno,\nPeter'), '"Otieno, Peter"');
  });
});

/**
 * The CSV export's line for a payment just accepted. On PostgreSQL the export stops below the
 * oldest transaction still open anywhere on the server (src/payments/payments-export.ts), which
 * another database's work may hold back for a moment: the export is asked again until it is there.
 */
async function exportedRow(t: TestApp, reference: string): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const csv = await admin(t.app, 'GET', '/payments/export?format=csv');
    assert.equal(csv.statusCode, 200, csv.body);
    const row = records(csv.body).find((line) => line.includes(reference));
    if (row) return row;
    assert.ok(attempt < 100, `${reference} is not in the export:\n${csv.body}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

for (const kind of databaseKinds()) {
  describe(`line breaks from the bank in the CSV downloads (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    it('the ERP export gives one line per payment, whatever line breaks the notification carried', async () => {
      const bank = await bankWithToken(t.app, 'Line Break Bank');
      const member = await payableMember(t.app, bank);
      const narration = 'School fees\nTERM 1\u2028FORM 2\u0085ADM 44\u2029END';
      const body = paymentBody(member, {
        transactionReference: newReference('LB'),
        payerName: 'JANE\r\nWANJIRU',
        narration,
      });
      assert.equal((await bankCall(t.app, bank.token, 'payments', body)).statusCode, 200);
      const row = await exportedRow(t, body.transactionReference as string);
      assert.ok(row.includes(',JANE WANJIRU,School fees TERM 1 FORM 2 ADM 44 END,'), row);
      // The NDJSON export keeps the text exactly as the bank sent it.
      const ndjson = await admin(t.app, 'GET', `/payments/export?format=ndjson`);
      const record = ndjson.body
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .find((r) => r.transactionReference === body.transactionReference);
      assert.equal(record.narration, narration);
    });

    it("a reconciliation's CSV report gives one line per statement line, whatever the statement's text held", async () => {
      const bank = await bankWithToken(t.app, 'Line Break Statement Bank');
      const file = camt053(
        [
          {
            date: '2026-11-22',
            amount: '10.00',
            credit: true,
            reference: 'FT26326\u2028CCCC',
            narration: 'MPESA\u0085C2B PAYMENT',
          },
        ],
        { from: '2026-11-22', to: '2026-11-22' },
      );
      const made = await reconcile(t.app, bank.clientId, 'camt053', file);
      assert.equal(made.statusCode, 201, made.body);
      const report = await admin(t.app, 'GET', `/reconciliations/${json(made).reconciliationId}?format=csv`);
      assert.equal(report.statusCode, 200, report.body);
      const lines = records(report.body);
      assert.equal(lines.length, 2, 'the header and the one line');
      assert.ok(lines[1]?.includes(',FT26326 CCCC,'), lines[1]);
      assert.ok(lines[1]?.includes(',MPESA C2B PAYMENT,'), lines[1]);
    });
  });
}
