import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readCsvAmount } from '../../src/statements/csv-amount.js';
import { DateFormat } from '../../src/statements/csv-date-format.js';
import { type CsvStatementMapping, readCsvStatementMapping } from '../../src/statements/csv-mapping.js';
import { parseCsvStatement } from '../../src/statements/csv-statement.js';
import { assertRefused, assertUploadErrorPassedOn, readAll, upload } from '../support/statements.js';

/** A mapping as finance would send it, checked the way the route will check it. */
function mapping(input: Record<string, unknown>): CsvStatementMapping {
  const read = readCsvStatementMapping(input);
  assert.ok('mapping' in read, JSON.stringify(read));
  return read.mapping;
}

const crlf = (text: string) => text.replace(/\n/g, '\r\n');

// An Equity-style portal download: title lines, a blank line, DD-MMM-YYYY dates, separate
// Debit and Credit columns with thousands commas, a narrative over two lines, balance and total rows.
const EQUITY = crlf(`EQUITY BANK (KENYA) LIMITED
Account Statement 01-Nov-2026 to 30-Nov-2026
"Account: 0123456789012",,"Currency: KES"

Transaction Date,Value Date,Narrative,Transaction Reference,Debit,Credit,Running Balance
,,Opening Balance,,,,"125,000.00"
23-Nov-2026,23-Nov-2026,MPESA C2B 1234567 JANE WANJIRU,FT26327ABCD,,"1,500.50","126,500.50"
23-Nov-2026 10:15,24-Nov-2026,"MPESA C2B 1234567 PETER ""PETE"" OTIENO
PAYBILL 400200",FT26327BCDE,,"2,000.00","128,500.50"
24-NOV-2026,24-Nov-2026,ACCOUNT SERVICE FEE,CHG2632700,150.00,,"128,350.50"
,,,,,,
25-Nov-2026,25-Nov-2026,CHEQUE DEPOSIT,NONREF,0.00,500,"128,850.50"
Total,,,,150.00,"4,000.50",
Closing Balance,,,,,,"128,850.50"
`);

const EQUITY_MAPPING = {
  skipLines: 4,
  date: 'Transaction Date',
  valueDate: 'Value Date',
  dateFormat: 'DD-MMM-YYYY',
  reference: 'Transaction Reference',
  debit: 'Debit',
  credit: 'Credit',
  narration: 'Narrative',
};

describe('CSV statements', () => {
  it('reads an Equity-style export: title lines, credit and debit columns, a two-line narrative, footers', async () => {
    const { lines, summary } = await readAll(parseCsvStatement(upload(EQUITY), mapping(EQUITY_MAPPING)));
    assert.deepEqual(lines, [
      {
        position: 'line 7',
        index: 1,
        bookingDate: '2026-11-23',
        valueDate: '2026-11-23',
        references: ['FT26327ABCD'],
        referenceFields: ['reference column'],
        amount: '1500.50',
        creditDebit: 'C',
        currency: null,
        accountId: null,
        accountPart: 1,
        dateFromStatement: false,
        narration: 'MPESA C2B 1234567 JANE WANJIRU',
      },
      {
        position: 'line 8',
        index: 2,
        bookingDate: '2026-11-23',
        valueDate: '2026-11-24',
        references: ['FT26327BCDE'],
        referenceFields: ['reference column'],
        amount: '2000.00',
        creditDebit: 'C',
        currency: null,
        accountId: null,
        accountPart: 1,
        dateFromStatement: false,
        narration: 'MPESA C2B 1234567 PETER "PETE" OTIENO PAYBILL 400200',
      },
      {
        position: 'line 10',
        index: 3,
        bookingDate: '2026-11-24',
        valueDate: '2026-11-24',
        references: ['CHG2632700'],
        referenceFields: ['reference column'],
        amount: '150.00',
        creditDebit: 'D',
        currency: null,
        accountId: null,
        accountPart: 1,
        dateFromStatement: false,
        narration: 'ACCOUNT SERVICE FEE',
      },
      {
        position: 'line 12',
        index: 4,
        bookingDate: '2026-11-25',
        valueDate: '2026-11-25',
        references: [],
        referenceFields: [],
        amount: '500.00',
        creditDebit: 'C',
        currency: null,
        accountId: null,
        accountPart: 1,
        dateFromStatement: false,
        narration: 'CHEQUE DEPOSIT',
      },
    ]);
    assert.deepEqual(summary, {
      accounts: [{ accountId: null, currency: null, period: { from: '2026-11-23', to: '2026-11-25' }, entries: 4 }],
      entries: 4,
    });
  });

  it('passes on the error of an upload that breaks off, as it is', () =>
    assertUploadErrorPassedOn((body) => parseCsvStatement(body, mapping(EQUITY_MAPPING)), EQUITY.slice(0, 600)));

  it('gives the same lines whether the upload arrives whole or a byte at a time', async () => {
    const whole = await readAll(parseCsvStatement(upload(EQUITY, 1 << 20), mapping(EQUITY_MAPPING)));
    const bytewise = await readAll(parseCsvStatement(upload(EQUITY, 1), mapping(EQUITY_MAPPING)));
    assert.deepEqual(bytewise, whole);
  });

  it('reads ";" with a decimal comma, a signed amount column in every debit form, and a currency column', async () => {
    const text = `\ufeffDatum;Referenz;Betrag;Währung;Verwendungszweck
23.11.2026;FT26327ABCD;1.500,50;kes;MPESA C2B 1234567
23.11.2026;FT26327ABCE;-150,00;KES;GEBÜHR
24.11.2026;FT26328A;(2.000,00);KES;RÜCKBUCHUNG
24.11.2026;FT26328B;250,00 DR;KES;
24.11.2026;FT26328C;DR 10,5;KES;
25.11.2026;FT26329A;1 000 000,00;KES;RTGS
25.11.2026;FT26329B;75,25-;KES;
25.11.2026;FT26329C;+75,25;KES;
25.11.2026;FT26329D;80,00 CR;KES;
`;
    const csv = mapping({
      delimiter: ';',
      decimalSeparator: ',',
      date: 'datum',
      dateFormat: 'DD.MM.YYYY',
      reference: 'Referenz',
      amount: 'Betrag',
      currency: 'Währung',
      narration: 'Verwendungszweck',
    });
    const { lines, summary } = await readAll(parseCsvStatement(upload(text), csv));
    assert.deepEqual(
      lines.map((l) => [l.position, l.references[0], l.creditDebit, l.amount, l.currency]),
      [
        ['line 2', 'FT26327ABCD', 'C', '1500.50', 'KES'],
        ['line 3', 'FT26327ABCE', 'D', '150.00', 'KES'],
        ['line 4', 'FT26328A', 'D', '2000.00', 'KES'],
        ['line 5', 'FT26328B', 'D', '250.00', 'KES'],
        ['line 6', 'FT26328C', 'D', '10.50', 'KES'],
        ['line 7', 'FT26329A', 'C', '1000000.00', 'KES'],
        ['line 8', 'FT26329B', 'D', '75.25', 'KES'],
        ['line 9', 'FT26329C', 'C', '75.25', 'KES'],
        ['line 10', 'FT26329D', 'C', '80.00', 'KES'],
      ],
    );
    assert.equal(summary.accounts[0]?.currency, 'KES');
    assert.deepEqual(summary.accounts[0]?.period, { from: '2026-11-23', to: '2026-11-25' });
  });

  it('reads a file without a header, columns by number, tab-separated, YYYYMMDD dates', async () => {
    const text = '20261123\tFT1\t1500.5\tMPESA\n20261124\t\t-20\tFEE\n\n20261125\tFT3\t7\t\n';
    const csv = mapping({
      delimiter: '\t',
      headerRow: false,
      date: '1',
      dateFormat: 'YYYYMMDD',
      reference: 2,
      amount: '3',
    });
    const { lines } = await readAll(parseCsvStatement(upload(text), csv));
    assert.deepEqual(
      lines.map((l) => [l.position, l.bookingDate, l.references, l.creditDebit, l.amount, l.narration]),
      [
        ['line 1', '2026-11-23', ['FT1'], 'C', '1500.50', ''],
        ['line 2', '2026-11-24', [], 'D', '20.00', ''],
        ['line 4', '2026-11-25', ['FT3'], 'C', '7.00', ''],
      ],
    );
  });

  it('counts lines across blank lines, skipped lines and quoted line breaks (LF and CRLF)', async () => {
    for (const end of ['\n', '\r\n']) {
      const text = ['Bank', '', 'Date,Ref,Amount,Text', '', '1/11/26,A,1,"x', 'y', 'z"', '', '2/11/26,B,2,w', ''].join(
        end,
      );
      const csv = mapping({ skipLines: 2, date: 'Date', dateFormat: 'D/M/YY', reference: 'Ref', amount: 'Amount' });
      const { lines } = await readAll(parseCsvStatement(upload(text, 3), csv));
      assert.deepEqual(
        lines.map((l) => [l.position, l.bookingDate]),
        [
          ['line 5', '2026-11-01'],
          ['line 9', '2026-11-02'],
        ],
        JSON.stringify(end),
      );
    }
  });
});

describe('CSV statements that are refused', () => {
  const header = 'Date,Reference,Amount,Currency\n';
  const signed = mapping({
    date: 'Date',
    dateFormat: 'DD/MM/YYYY',
    reference: 'Reference',
    amount: 'Amount',
    currency: 'Currency',
  });
  const split = mapping({ date: 'Date', dateFormat: 'DD/MM/YYYY', reference: 'Ref', credit: 'Cr', debit: 'Dr' });
  const cases: [string, string, CsvStatementMapping, string, RegExp | string][] = [
    [
      'a header without a mapped column',
      'Date,Ref,Value\n',
      signed,
      'line 1',
      'the header has no column "Reference" for reference; its columns are "Date", "Ref", "Value"',
    ],
    [
      'a header with the mapped name twice',
      'Date,Reference,Amount,Amount\n',
      signed,
      'line 1',
      'the header names "Amount" in columns 3 and 4; name the amount column by its number',
    ],
    [
      'a column number past the header',
      'Date,Reference\n',
      mapping({ date: 'Date', dateFormat: 'DD/MM/YYYY', reference: 'Reference', amount: '5' }),
      'line 1',
      'amount is column 5, but the header has 2 columns: "Date", "Reference"',
    ],
    [
      'a date not on the calendar',
      `${header}23/11/2026,FT1,10.00,KES\n31/02/2026,FT2,10.00,KES\n`,
      signed,
      'line 3',
      'date "31/02/2026" is not a real date',
    ],
    [
      'a date in another format',
      `${header}2026-11-23,FT1,10.00,KES\n`,
      signed,
      'line 2',
      'date "2026-11-23" is not in the format DD/MM/YYYY',
    ],
    ['a row with a reference but no date', `${header},FT1,10.00,KES\n`, signed, 'line 2', 'the date is empty'],
    [
      'an amount that is not a number',
      `${header}23/11/2026,FT1,12.3.4,KES\n`,
      signed,
      'line 2',
      'amount "12.3.4" is not a number with "." as the decimal separator',
    ],
    [
      'a decimal comma where a point was mapped',
      `${header}23/11/2026,FT1,"1500,50",KES\n`,
      signed,
      'line 2',
      'amount "1500,50" is not a number with "." as the decimal separator',
    ],
    [
      'an amount with three decimals',
      `${header}23/11/2026,FT1,10.505,KES\n`,
      signed,
      'line 2',
      'amount "10.505" has more than two decimal places',
    ],
    ['an empty amount', `${header}23/11/2026,FT1,,KES\n`, signed, 'line 2', 'the amount is empty'],
    [
      'a currency that is not a code',
      `${header}23/11/2026,FT1,10.00,KSh\n`,
      signed,
      'line 2',
      'currency "KSh" is not an ISO 4217 code',
    ],
    [
      'a row with both a credit and a debit',
      'Date,Ref,Cr,Dr\n23/11/2026,FT1,10.00,5.00\n',
      split,
      'line 2',
      'both credit (10.00) and debit (5.00) have an amount',
    ],
    [
      'a negative credit',
      'Date,Ref,Cr,Dr\n23/11/2026,FT1,-10.00,\n',
      split,
      'line 2',
      'credit "-10.00" is negative; the credit column holds credits',
    ],
    [
      'a row with neither credit nor debit',
      'Date,Ref,Cr,Dr\n23/11/2026,FT1,,\n',
      split,
      'line 2',
      'neither credit nor debit has an amount',
    ],
    [
      'an unclosed quote',
      `${header}23/11/2026,FT1,10.00,KES\n23/11/2026,"FT2,10.00,KES\n`,
      signed,
      'line 3',
      /^not readable as CSV from this line on: /,
    ],
    ['an empty file', '', signed, 'line 1', 'the file has no header row: it is empty after the lines skipped'],
    [
      'a file that ends within the lines to skip',
      'Bank\nStatement\n',
      mapping({ skipLines: 3, date: 'D', dateFormat: 'DD/MM/YYYY', reference: 'R', amount: 'A' }),
      'line 4',
      'the file has no header row: it is empty after the lines skipped',
    ],
  ];
  for (const [name, text, csv, position, reason] of cases) {
    it(`refuses ${name}, naming the line`, async () => {
      await assertRefused(parseCsvStatement(upload(text), csv), position, reason);
    });
  }
});

describe('CSV statement mappings', () => {
  it('fills in the defaults', () => {
    assert.deepEqual(
      readCsvStatementMapping({ date: 'Date', dateFormat: 'DD/MM/YYYY', reference: 'Ref', amount: '3' }),
      {
        mapping: {
          delimiter: ',',
          headerRow: true,
          skipLines: 0,
          date: 'Date',
          dateFormat: 'DD/MM/YYYY',
          reference: 'Ref',
          amount: '3',
          decimalSeparator: '.',
        },
      },
    );
  });

  it('names every problem by its field', () => {
    assert.deepEqual(readCsvStatementMapping(['Date']), { problems: ['the mapping must be a JSON object'] });
    assert.deepEqual(
      readCsvStatementMapping({
        delimiter: ':',
        headerRow: 'yes',
        skipLines: -1,
        decimalSeparator: "'",
        dateFormat: 'DD/MM/YYYY hh:mm',
        refrence: 'Ref',
        amount: 'Amount',
        credit: 'Cr',
        narration: '',
      }),
      {
        problems: [
          'refrence: is not a mapping field',
          'delimiter: must be one of "," ";" "|" or a tab',
          'headerRow: must be true or false',
          'skipLines: must be a whole number from 0 to 100',
          'decimalSeparator: must be "." or ","',
          'dateFormat: "DD/MM/YYYY hh:mm" has "h", which is no date token (YYYY, YY, MM, M, MMM, DD, D)',
          'narration: must name a column by its header text or its number, such as "3"',
          'date: is required',
          'reference: is required',
          'amount: give either one signed amount column or separate credit and debit columns, not both',
        ],
      },
    );
    assert.deepEqual(
      readCsvStatementMapping({ headerRow: false, date: 'Date', dateFormat: 'YYYY-MM', reference: '0', credit: '3' }),
      {
        problems: [
          '"YYYY-MM" must name the year, the month and the day once each'.replace(/^/, 'dateFormat: '),
          'date: without a header row a column is named by its number, such as "3", not "Date"',
          'reference: column numbers start at 1',
          'debit: credit and debit columns go together; give both, or amount',
        ],
      },
    );
    assert.deepEqual(readCsvStatementMapping({ date: '1', reference: '2' }), {
      problems: [
        'dateFormat: is required, such as "DD/MM/YYYY"',
        'amount: is required, or separate credit and debit columns',
      ],
    });
  });
});

describe('CSV dates and amounts', () => {
  it('reads dates in the formats banks use, ignoring a time after the date', () => {
    const cases: [string, string, string | null | undefined][] = [
      ['DD/MM/YYYY', '23/11/2026', '2026-11-23'],
      ['dd/mm/yyyy', '23/11/2026 10:15:00', '2026-11-23'],
      ['YYYY-MM-DD', '2026-11-23T10:15:00+03:00', '2026-11-23'],
      ['DD-MMM-YYYY', '23-nov-2026', '2026-11-23'],
      ['DD-MMM-YYYY', '23-November-2026', '2026-11-23'],
      ['DD MMM YY', '01 Sept 26', '2026-09-01'],
      ['D/M/YYYY', '1/2/2028', '2028-02-01'],
      ['MM/DD/YYYY', '02/29/2028', '2028-02-29'],
      ['MM/DD/YYYY', '02/29/2026', null],
      ['YYYYMMDD', '20261131', null],
      ['DD-MMM-YYYY', '23-Nox-2026', undefined],
      ['DD/MM/YYYY', 'Total', undefined],
      ['DD/MM/YYYY', '', undefined],
      ['DD/MM/YYYY', '23/11/2026x', undefined],
    ];
    for (const [format, cell, expected] of cases) {
      const compiled = DateFormat.compile(format);
      assert.ok(compiled instanceof DateFormat, format);
      assert.equal(compiled.read(cell), expected, `${format} ${cell}`);
    }
  });

  it('reads amounts exactly, with the sign in any of its forms, and refuses thousands that do not group', () => {
    const ok: [string, '.' | ',', string, boolean][] = [
      ['1,500.50', '.', '1500.50', false],
      ['1.500,50', ',', '1500.50', false],
      ["1'500.50", '.', '1500.50', false],
      ['1\u00a0500,50', ',', '1500.50', false],
      ['1,50,000.00', '.', '150000.00', false],
      ['9,999,999,999,999.99', '.', '9999999999999.99', false],
      ['0.1', '.', '0.10', false],
      ['-5', '.', '5.00', true],
      ['5-', '.', '5.00', true],
      ['(5.00)', '.', '5.00', true],
      ['5.00Dr', '.', '5.00', true],
      ['cr 5.00', '.', '5.00', false],
    ];
    for (const [cell, separator, amount, negative] of ok)
      assert.deepEqual(readCsvAmount(cell, separator), { ok: true, amount, negative }, cell);
    for (const [cell, separator] of [
      ['1500.50', ','],
      ['12,34', '.'],
      ['1,5000.00', '.'],
      ['10,000,000,000,000.00', '.'],
      ['1.001', '.'],
      ['--5', '.'],
      ['-(5)', '.'],
      ['DR 5 CR', '.'],
      ['KES 5.00', '.'],
      ['1e3', '.'],
      ['', '.'],
    ] as const)
      assert.equal(readCsvAmount(cell, separator).ok, false, cell);
  });
});
