import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseMt940 } from '../../src/statements/mt940.js';
import {
  assertReadsGenerated,
  assertRefused,
  assertUploadErrorPassedOn,
  generatedStatement,
  readAll,
  upload,
} from '../support/statements.js';

const crlf = (text: string) => text.replace(/\n/g, '\r\n');

// One day of an Equity-style portal export: SWIFT envelope, CRLF, M-PESA paybill credits.
const EQUITY = crlf(`{1:F01EQBLKENAAXXX0000000000}{2:I940EQBLKENAXXXXN}{4:
:20:EQ2611230001
:25:0123456789012
:28C:00327/1
:60F:C261122KES125000,00
:61:2611231123C1500,50NMSCNONREF//FT26327ABCD
:86:MPESA C2B 1234567 JANE WANJIRU
:61:2611231123CS2000,NMSC1234567//FT26327BCDE
:86:MPESA C2B 1234567 PETER
 OTIENO OCHIENG  PAYBILL
 400200
:61:2611231123D150,00NCHGNONREF//CHG2632700
:86:ACCOUNT SERVICE FEE
:61:2611231123RC1500,50NMSCNONREF//FT26327ABCD
:86:REVERSAL MPESA C2B 1234567 JANE WANJIRU
:62F:C261123KES126350,50
:64:C261123KES126350,50
:86:END OF STATEMENT
-}{5:{CHK:1A2B3C4D5E6F}}
`);

describe('MT940 statements', () => {
  it('reads an Equity-style export: envelope, CRLF, funds code, NONREF, continued :86:, charge, reversal', async () => {
    const { lines, summary } = await readAll(parseMt940(upload(EQUITY)));
    const common = { currency: 'KES', accountId: '0123456789012', accountPart: 1, dateFromStatement: false };
    const bank = ':61: bank reference';
    assert.deepEqual(lines, [
      {
        position: 'line 6',
        index: 1,
        bookingDate: '2026-11-23',
        valueDate: '2026-11-23',
        references: ['FT26327ABCD'],
        referenceFields: [bank],
        amount: '1500.50',
        creditDebit: 'C',
        narration: 'MPESA C2B 1234567 JANE WANJIRU',
        ...common,
      },
      {
        position: 'line 8',
        index: 2,
        bookingDate: '2026-11-23',
        valueDate: '2026-11-23',
        references: ['FT26327BCDE', '1234567'],
        referenceFields: [bank, ':61: customer reference'],
        amount: '2000.00',
        creditDebit: 'C',
        narration: 'MPESA C2B 1234567 PETER OTIENO OCHIENG PAYBILL 400200',
        ...common,
      },
      {
        position: 'line 12',
        index: 3,
        bookingDate: '2026-11-23',
        valueDate: '2026-11-23',
        references: ['CHG2632700'],
        referenceFields: [bank],
        amount: '150.00',
        creditDebit: 'D',
        narration: 'ACCOUNT SERVICE FEE',
        ...common,
      },
      {
        position: 'line 14',
        index: 4,
        bookingDate: '2026-11-23',
        valueDate: '2026-11-23',
        references: ['FT26327ABCD'],
        referenceFields: [bank],
        amount: '1500.50',
        creditDebit: 'RC',
        narration: 'REVERSAL MPESA C2B 1234567 JANE WANJIRU',
        ...common,
      },
    ]);
    // A daily statement: its opening balance is dated the day before, which it does not cover.
    assert.deepEqual(summary, {
      accounts: [
        { accountId: '0123456789012', currency: 'KES', period: { from: '2026-11-23', to: '2026-11-23' }, entries: 4 },
      ],
      entries: 4,
    });
  });

  it('reads a multi-page statement (:62M: then :60M:) as one, numbering entries across pages', async () => {
    const kcb = `:20:KCB26120001
:25:KCBLKENX/1100223344
:28C:00045/1
:60F:C261130KES10000,00
:61:2612011201C2500,00NTRFMBR0012345//S2633512345
:86:PESALINK FROM 0712345678 MARY AKINYI MBR0012345
:62M:C261201KES12500,00
-
:20:KCB26120002
:25:KCBLKENX/1100223344
:28C:00045/2
:60M:C261201KES12500,00
:61:2612021202C750,25FTRFNONREF//S2633698765
:86:RTGS KENYA COMMERCIAL BANK/JOSEPH KAMAU
:61:2612021202D100,NTRFCHQ000123//S2633698766
:62F:C261202KES13150,25
-
`;
    const { lines, summary } = await readAll(parseMt940(upload(kcb)));
    assert.deepEqual(
      lines.map((l) => [l.position, l.index, l.creditDebit, l.amount, l.references, l.narration]),
      [
        ['line 5', 1, 'C', '2500.00', ['S2633512345', 'MBR0012345'], 'PESALINK FROM 0712345678 MARY AKINYI MBR0012345'],
        ['line 13', 2, 'C', '750.25', ['S2633698765'], 'RTGS KENYA COMMERCIAL BANK/JOSEPH KAMAU'],
        ['line 15', 3, 'D', '100.00', ['S2633698766', 'CHQ000123'], ''],
      ],
    );
    assert.deepEqual(summary, {
      accounts: [
        {
          accountId: 'KCBLKENX/1100223344',
          currency: 'KES',
          period: { from: '2026-12-01', to: '2026-12-02' },
          entries: 3,
        },
      ],
      entries: 3,
    });
  });

  it('puts an entry date without a year in the year nearest the value date (Dec/Jan rollover both ways)', async () => {
    const text = `:20:COOP2701
:25:01129000111222
:60F:C261230KES0,
:61:2612310102C100,00NTRFREF1//B1
:61:2701021231C200,00NTRFREF2//B2
:61:2702280301C300,00NTRFREF3//B3
:62F:C270102KES600,
`;
    const { lines } = await readAll(parseMt940(upload(text)));
    assert.deepEqual(
      lines.map((l) => [l.valueDate, l.bookingDate]),
      [
        ['2026-12-31', '2027-01-02'],
        ['2027-01-02', '2026-12-31'],
        ['2027-02-28', '2027-03-01'],
      ],
    );
  });

  it('gives the same lines whether the upload arrives whole or a byte at a time (CRLF and UTF-8 split)', async () => {
    const text = EQUITY.replace('JANE WANJIRU', 'JANE WANJIRŨ');
    const whole = await readAll(parseMt940(upload(text, 1 << 20)));
    const bytewise = await readAll(parseMt940(upload(text, 1)));
    assert.deepEqual(bytewise, whole);
    assert.equal(whole.lines[0]?.narration, 'MPESA C2B 1234567 JANE WANJIRŨ');
  });

  it('narrates with the :61: supplementary details when no :86: follows; a statement :86: is no entry', async () => {
    const text = `:20:X
:25:ACC
:60F:C261122KES0,
:86:STATEMENT FOR NOVEMBER
:61:2611231123C10,NMSCNONREF//FT1
MPESA 254712345678 JOHN
:61:2611231123C20,NMSCNONREF
:62F:C261123KES30,
:86:CLOSING REMARK
`;
    const { lines } = await readAll(parseMt940(upload(text)));
    assert.deepEqual(
      lines.map((l) => [l.references, l.narration]),
      [
        [['FT1'], 'MPESA 254712345678 JOHN'],
        [[], ''],
      ],
    );
  });

  it('gives the closing balance’s day as the period of a statement without :61:', async () => {
    const text = ':20:X\n:25:ACC\n:60F:C261122KES50,00\n:62F:C261123KES50,00\n';
    const { lines, summary } = await readAll(parseMt940(upload(text)));
    assert.deepEqual(lines, []);
    assert.deepEqual(summary, {
      accounts: [{ accountId: 'ACC', currency: 'KES', period: { from: '2026-11-23', to: '2026-11-23' }, entries: 0 }],
      entries: 0,
    });
  });

  it('ends a message at a "-}" on the line of its last field', async () => {
    const text =
      '{1:F01X}{2:I940X}{4:\n:20:A\n:25:ACC\n:60F:C261122KES0,\n:61:2611231123C10,NMSCNONREF//FT1\n' +
      ':62F:C261123KES10,-}{5:{CHK:1}}\n{1:F01X}{2:I940X}{4:\n:20:B\n:25:ACC\n:60M:C261123KES10,\n:62F:C261124KES10,-}\n';
    const { lines, summary } = await readAll(parseMt940(upload(text)));
    assert.equal(lines.length, 1);
    assert.deepEqual(summary.accounts[0]?.period, { from: '2026-11-23', to: '2026-11-24' });
  });

  it('passes on the error of an upload that breaks off, as it is', () =>
    assertUploadErrorPassedOn(
      (body) => parseMt940(body),
      ':20:A\n:25:ACC\n:60F:C261122KES0,\n:61:2611231123C10,NMSCNONREF//FT1\n',
    ));

  it('has no summary before the lines are read to the end', () => {
    assert.throws(() => parseMt940(upload(EQUITY)).summary(), /once every line has been read/);
  });
});

describe('MT940 statements that are refused', () => {
  const statement = (...lines: string[]) =>
    [':20:STMT1', ':25:0123456789', ':60F:C261122KES1000,00', ...lines, ':62F:C261123KES1000,00', ''].join('\n');

  const cases: [string, string, string, RegExp | string][] = [
    [
      'an amount that is not a number',
      statement(':61:2611231123C12.3.4NMSCNONREF//FT1'),
      'line 4',
      'amount "12.3.4" is not a number',
    ],
    [
      'an amount with three decimals',
      statement(':61:2611231123C1500,505NMSCNONREF//FT1'),
      'line 4',
      'amount "1500,505" has more than two decimal places',
    ],
    [
      'an amount of 14 digits',
      statement(':61:2611231123C12345678901234,00NMSCNONREF//FT1'),
      'line 4',
      /more than 13 digits before the decimal point/,
    ],
    [
      'a :61: without its date',
      statement(':61:C1500,00NMSCNONREF//FT1'),
      'line 4',
      /^a :61: line must start with a date YYMMDD/,
    ],
    [
      'a value date not on the calendar',
      statement(':61:2611311201C1500,00NMSCNONREF//FT1'),
      'line 4',
      'date "261131" is not a real date (YYMMDD)',
    ],
    [
      'an entry date not on the calendar',
      statement(':61:2611231131C1500,00NMSCNONREF//FT1'),
      'line 4',
      'entry date "1131" is not a real date (MMDD)',
    ],
    [
      'a :61: without C or D',
      statement(':61:2611231123X1500,00NMSCNONREF//FT1'),
      'line 4',
      'after the date a :61: line needs C, D, RC or RD, found "X1"',
    ],
    ['a :61: without an amount', statement(':61:2611231123CNMSCNONREF//FT1'), 'line 4', /needs an amount after C/],
    [
      'a malformed opening balance',
      ':20:S\n:25:A\n:60F:C26112KES1,00\n',
      'line 3',
      /^a :60F: balance must read C or D, a date YYMMDD, a currency and an amount/,
    ],
    ['a :61: before any :20:', ':25:A\n:61:2611231123C1,00NMSCX//Y\n', 'line 1', 'no :20: before the first :25:'],
    [
      'a currency that is not ISO 4217',
      ':20:S\n:25:A\n:60F:C261122KSH0,\n',
      'line 3',
      'currency "KSH" is not an ISO 4217 code',
    ],
    ['a :61: before any statement', ':61:2611231123C1,00NMSCX//Y\n', 'line 1', 'no :20: before the first :61:'],
    [
      'a :61: before the opening balance',
      ':20:S\n:25:A\n:61:2611231123C1,00NMSCX//Y\n',
      'line 3',
      'no opening balance :60F: before the first :61:',
    ],
    [
      'a :61: after the closing balance',
      ':20:S\n:25:A\n:60F:C261122KES0,\n:62F:C261123KES0,\n:61:2611231123C1,00NMSCX//Y\n',
      'line 5',
      'a :61: after the closing balance on line 4',
    ],
    [
      'a file cut short',
      ':20:S\n:25:A\n:60F:C261122KES0,\n:61:2611231123C1,00NMSCX//Y\n:86:MPESA',
      'line 5',
      /^the statement that starts on line 1 has no closing balance :62F: or :62M:; the file may be cut short$/,
    ],
    [
      'a second :25: in one message (a field that lost its tag)',
      ':20:S\n:25:A\n:60F:C261122KES0,\n:61:2611231123C1,00NMSCX//Y\n:25:166?00GUTSCHRIFT\n:62F:C261123KES1,\n',
      'line 5',
      'a second account :25: in the statement that starts on line 1 (the first is on line 2)',
    ],
    [
      'closing and opening balances in different currencies',
      ':20:S\n:25:A\n:60F:C261122KES0,\n:62F:C261123USD0,\n',
      'line 4',
      'the closing balance is in USD but the opening balance in KES',
    ],
    [
      'a CSV file sent as MT940',
      'Date,Reference,Amount\n23/11/2026,FT1,100.00\n',
      'line 1',
      'no :20: in the file, so it holds no MT940 statement; the first line that is not a field reads "Date,Reference,Amount"',
    ],
    [
      'a :61: whose type is cut short',
      statement(':61:2611231123C1500,00NM'),
      'line 4',
      'after the amount a :61: line needs a transaction type such as NTRF or NMSC, found "NM"',
    ],
    [
      'a message with no opening balance',
      ':20:S\n:25:A\n:28C:1\n-\n',
      'line 1',
      'the message that starts on this line has no opening balance :60F: or :60M:, so it is not a statement',
    ],
    ['an envelope with no statement in it', '{1:F01X}{2:I940X}{4:\n-}\n', 'line 2', /no :20: in the file/],
    ['an empty file', '', 'line 1', 'the file is empty'],
    ['a line longer than 64 KiB', `:20:${'X'.repeat(70_000)}`, 'line 1', /longer than 4,096 characters/],
  ];
  for (const [name, text, position, reason] of cases) {
    it(`refuses ${name}, naming the line`, async () => {
      await assertRefused(parseMt940(upload(text, 1000)), position, reason);
    });
  }
});

describe('MT940 at scale', () => {
  it('streams 100,000 entries from a generated upload and adds the credits exactly', async () => {
    const { upload: body, totals } = generatedStatement(940, 100_000, {
      head: [
        '{1:F01EQBLKENAAXXX0000000000}{2:I940EQBLKENAXXXXN}{4:\r\n:20:BIG\r\n:25:0123456789012\r\n',
        ':60F:C261101KES0,00\r\n',
      ],
      entry: (i, amount, credit) =>
        `:61:2611151115${credit ? 'C' : 'D'}${amount.replace('.', ',')}NMSCNONREF//FT${i}\r\n:86:MPESA C2B ${i} MEMBER\r\n`,
      tail: ':62F:C261130KES0,00\r\n-}',
    });
    await assertReadsGenerated(parseMt940(body), totals);
  });
});
