/**
 * camt.053 as banks really send it: several accounts in a file, national namespaces, envelopes,
 * entries without dates, pending entries, batch entries, Ccy XXX, Latin-1, structured references.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCamt053 } from '../../src/statements/camt053.js';
import { assertRefused, readAll, upload } from '../support/statements.js';

const NS = 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08';

interface StmtParts {
  account?: string;
  ccy?: string;
  period?: [string, string];
  closing?: string;
  created?: string | null;
  entries: string[];
}

/** A Stmt in the schema's order: CreDtTm, FrToDt, Acct, Bal, Ntry. */
function stmt({ account, ccy = 'KES', period, closing, created = '2026-11-24T02:00:00', entries }: StmtParts) {
  return (
    `<Stmt><Id>S</Id>${created === null ? '' : `<CreDtTm>${created}</CreDtTm>`}` +
    (period ? `<FrToDt><FrDtTm>${period[0]}T00:00:00</FrDtTm><ToDtTm>${period[1]}T23:59:59</ToDtTm></FrToDt>` : '') +
    (account ? `<Acct><Id><IBAN>${account}</IBAN></Id><Ccy>${ccy}</Ccy></Acct>` : '') +
    '<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="KES">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>' +
    '<Dt><Dt>2026-11-20</Dt></Dt></Bal>' +
    (closing
      ? '<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="KES">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd>' +
        `<Dt><DtTm>${closing}T18:00:00</DtTm></Dt></Bal>`
      : '') +
    `${entries.join('\n')}</Stmt>\n`
  );
}

const document = (statements: string[], ns = NS) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="${ns}"><BkToCstmrStmt>\n` +
  `<GrpHdr><MsgId>M</MsgId><CreDtTm>2026-11-24T02:00:00</CreDtTm></GrpHdr>\n${statements.join('')}` +
  '</BkToCstmrStmt></Document>\n';

/** An Ntry; `dates` false leaves out BookgDt and ValDt. */
function ntry(amount: string, ref: string, details = '', { dates = true, ccy = 'KES', direction = 'CRDT' } = {}) {
  return (
    `<Ntry><Amt Ccy="${ccy}">${amount}</Amt><CdtDbtInd>${direction}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts>` +
    (dates ? '<BookgDt><Dt>2026-11-23</Dt></BookgDt><ValDt><Dt>2026-11-23</Dt></ValDt>' : '') +
    `<AcctSvcrRef>${ref}</AcctSvcrRef>${details ? `<NtryDtls>${details}</NtryDtls>` : ''}</Ntry>`
  );
}

/** A TxDtls with an EndToEndId and, unless null, its own amount as AmtDtls/TxAmt (or TxDtls/Amt). */
function tx(endToEnd: string, amount: string | null, extra = '', form: 'TxAmt' | 'Amt' = 'TxAmt') {
  const own =
    amount === null
      ? ''
      : form === 'Amt'
        ? `<Amt Ccy="KES">${amount}</Amt>`
        : `<AmtDtls><TxAmt><Amt Ccy="KES">${amount}</Amt></TxAmt></AmtDtls>`;
  return `<TxDtls><Refs><EndToEndId>${endToEnd}</EndToEndId></Refs>${own}${extra}</TxDtls>`;
}

const read = async (text: string | Buffer, chunk = 7) => readAll(parseCamt053(upload(text, chunk)));

describe('camt.053 files of several accounts', () => {
  it("gives each line its Stmt's account, and each account its own period, though FrToDt comes before Acct", async () => {
    const text = document([
      stmt({ account: 'KE01A', period: ['2026-11-22', '2026-11-23'], entries: [ntry('10.00', 'A1')] }),
      stmt({
        account: 'KE02B',
        ccy: 'USD',
        period: ['2026-11-23', '2026-11-24'],
        entries: [ntry('20.00', 'B1', '', { ccy: 'USD' })],
      }),
      stmt({ entries: [ntry('30.00', 'C1')] }),
      stmt({ account: 'KE01A', period: ['2026-11-24', '2026-11-24'], entries: [ntry('40.00', 'A2')] }),
    ]);
    const { lines, summary } = await read(text);
    assert.deepEqual(
      lines.map((line) => [line.position, line.accountId, line.references[0], line.currency]),
      [
        ['Stmt[1]/Ntry[1]', 'KE01A', 'A1', 'KES'],
        ['Stmt[2]/Ntry[1]', 'KE02B', 'B1', 'USD'],
        // A Stmt without Acct is of an account the file does not name, not of the one before it.
        ['Stmt[3]/Ntry[1]', null, 'C1', 'KES'],
        ['Stmt[4]/Ntry[1]', 'KE01A', 'A2', 'KES'],
      ],
    );
    assert.deepEqual(summary, {
      accounts: [
        { accountId: 'KE01A', currency: 'KES', period: { from: '2026-11-22', to: '2026-11-24' }, entries: 2 },
        { accountId: 'KE02B', currency: 'USD', period: { from: '2026-11-23', to: '2026-11-24' }, entries: 1 },
        { accountId: null, currency: 'KES', period: { from: '2026-11-23', to: '2026-11-23' }, entries: 1 },
      ],
      entries: 4,
    });
  });

  it('takes a FrToDt with one end only as stating that day, rather than refusing the statement', async () => {
    const text = document([
      stmt({ account: 'KE01A', period: ['2026-11-20', '2026-11-25'], entries: [ntry('10.00', 'A1')] }),
    ]).replace(/<FrDtTm>[^<]*<\/FrDtTm>/, '');
    const { summary } = await read(text);
    assert.deepEqual(summary.accounts[0]?.period, { from: '2026-11-23', to: '2026-11-25' });
  });
});

describe('camt.053 versions, namespaces and envelopes', () => {
  const statement = stmt({ account: 'CH9300762011623852957', entries: [ntry('10.00', 'R1')] });
  const expected = async () => (await read(document([statement]))).lines;

  for (const [name, ns] of [
    ['camt.053.001.02', 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02'],
    ['camt.053.001.13', 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.13'],
    ['the Swiss SPS namespace', 'http://www.six-interbank-clearing.com/de/camt.053.001.04.xsd'],
    ['no namespace', ''],
  ]) {
    it(`reads ${name} as the same statement`, async () => {
      const text = document([statement], ns as string).replace(' xmlns=""', '');
      assert.deepEqual((await read(text)).lines, await expected());
    });
  }

  it('reads the Document inside an envelope, after its business application header', async () => {
    const inner = document([statement]).replace(/^<\?xml[^>]*>\n/, '');
    const text =
      '<?xml version="1.0"?>\n<message>\n<AppHdr xmlns="urn:iso:std:iso:20022:tech:xsd:head.001.001.01">' +
      '<BizMsgIdr>B1</BizMsgIdr><MsgDefIdr>camt.053.001.08</MsgDefIdr></AppHdr>\n' +
      `${inner}</message>\n`;
    assert.deepEqual((await read(text)).lines, await expected());
  });

  const refusals: [string, string, string, string][] = [
    [
      'a camt.054 notification',
      document([statement]).replaceAll('BkToCstmrStmt', 'BkToCstmrDbtCdtNtfctn'),
      'Document/BkToCstmrDbtCdtNtfctn (line 2)',
      'this is a camt.054 debit/credit notification, not a camt.053 statement (BkToCstmrStmt)',
    ],
    [
      'a camt.052 report in an envelope',
      `<Envelope><AppHdr/>${document([])
        .replace(/^<\?xml[^>]*>\n/, '')
        .replaceAll('BkToCstmrStmt', 'BkToCstmrAcctRpt')}</Envelope>`,
      'Envelope/Document/BkToCstmrAcctRpt (line 1)',
      'this is a camt.052 account report, not a camt.053 statement (BkToCstmrStmt)',
    ],
    [
      'a BkToCstmrStmt without Stmt',
      document([]),
      'Document/BkToCstmrStmt (line 4)',
      'the BkToCstmrStmt holds no Stmt: a statement file has at least one',
    ],
    [
      'an envelope without Document',
      '<message>\n<AppHdr><BizMsgIdr>B1</BizMsgIdr></AppHdr>\n</message>\n',
      'line 3',
      'not a camt.053 statement: the root element is message, and it holds no Document',
    ],
  ];
  for (const [name, text, position, reason] of refusals) {
    it(`refuses ${name}, naming the place`, async () => {
      await assertRefused(parseCamt053(upload(text)), position, reason);
    });
  }
});

describe('camt.053 entries without a booking date', () => {
  const undated = ntry('10.00', 'R1', '', { dates: false });
  const dayOf = async (parts: Omit<StmtParts, 'entries'>) => {
    const { lines } = await read(document([stmt({ account: 'KE01A', ...parts, entries: [undated] })]));
    return lines.map((line) => [line.bookingDate, line.valueDate, line.dateFromStatement]);
  };

  it("take the end of the statement's period, else its closing balance's day, else the day it was made", async () => {
    const period: [string, string] = ['2026-11-20', '2026-11-21'];
    assert.deepEqual(await dayOf({ period, closing: '2026-11-22' }), [['2026-11-21', null, true]]);
    assert.deepEqual(await dayOf({ closing: '2026-11-22' }), [['2026-11-22', null, true]]);
    assert.deepEqual(await dayOf({ created: '2026-11-25T01:00:00' }), [['2026-11-25', null, true]]);
  });

  it("take their value date when they give one, not the statement's; are refused only when nothing gives a day", async () => {
    const valued = undated.replace('<AcctSvcrRef>', '<ValDt><Dt>2026-11-19</Dt></ValDt><AcctSvcrRef>');
    const period: [string, string] = ['2026-11-19', '2026-11-21'];
    const { lines } = await read(
      document([stmt({ account: 'KE01A', period, closing: '2026-11-22', entries: [valued] })]),
    );
    assert.deepEqual(
      lines.map((line) => [line.bookingDate, line.valueDate, line.dateFromStatement]),
      [['2026-11-19', '2026-11-19', false]],
    );
    const text = document([stmt({ account: 'KE01A', created: null, entries: [undated] })]);
    await assertRefused(
      parseCamt053(upload(text)),
      'Stmt[1]/Ntry[1] (line 4)',
      'the entry has no booking date (BookgDt) nor value date, nor its statement a date',
    );
  });
});

describe('camt.053 entries the bank has not booked', () => {
  /** A credit of 10.00 booked (BookgDt and ValDt) on the day, with its Sts as written. */
  const entry = (ref: string, day: string, status: string) =>
    ntry('10.00', ref).replace('<Sts><Cd>BOOK</Cd></Sts>', status).replaceAll('2026-11-23', day);
  /** What the lines and summary of one account's statement of these entries say of being booked. */
  const shape = async (entries: string[], ns = NS) => {
    const { lines, summary } = await read(document([stmt({ account: 'KE01A', entries })], ns));
    return {
      lines: lines.map((line) => [line.references[0], line.bookingDate, line.pending]),
      periods: summary.accounts.map((account) => account.period),
      entries: summary.entries,
    };
  };
  const day25 = { from: '2026-11-25', to: '2026-11-25' };

  it('keep a pending entry of the next day as a line, marked pending, that does not stretch the period', async () => {
    const entries = [
      entry('B1', '2026-11-25', '<Sts><Cd>BOOK</Cd></Sts>'),
      entry('P1', '2026-11-26', '<Sts><Cd>PDNG</Cd></Sts>'),
    ];
    assert.deepEqual(await shape(entries), {
      lines: [
        ['B1', '2026-11-25', undefined],
        ['P1', '2026-11-26', true],
      ],
      periods: [day25],
      entries: 2,
    });
  });

  it('read Sts as versions .02 to .06 write it; INFO is not booked either, nor is a pending entry of the day before', async () => {
    const entries = [
      entry('P0', '2026-11-24', '<Sts>PDNG</Sts>'),
      entry('B1', '2026-11-25', '<Sts>BOOK</Sts>'),
      entry('I1', '2026-11-26', '<Sts> INFO </Sts>'),
    ];
    assert.deepEqual(await shape(entries, 'urn:iso:std:iso:20022:tech:xsd:camt.053.001.02'), {
      lines: [
        ['P0', '2026-11-24', true],
        ['B1', '2026-11-25', undefined],
        ['I1', '2026-11-26', true],
      ],
      periods: [day25],
      entries: 3,
    });
  });

  it("read a bank's own status (Prtry): PDNG is pending, any other is booked, as is an entry without Sts", async () => {
    const entries = [
      entry('B1', '2026-11-25', '<Sts><Prtry>BOOKED</Prtry></Sts>'),
      entry('P1', '2026-11-27', '<Sts><Prtry>PDNG</Prtry></Sts>'),
      entry('B2', '2026-11-26', ''),
    ];
    assert.deepEqual(await shape(entries), {
      lines: [
        ['B1', '2026-11-25', undefined],
        ['P1', '2026-11-27', true],
        ['B2', '2026-11-26', undefined],
      ],
      periods: [{ from: '2026-11-25', to: '2026-11-26' }],
      entries: 3,
    });
  });
});

describe('camt.053 batch entries', () => {
  const lonely = (...entries: string[]) => document([stmt({ account: 'KE01A', entries })]);
  const shape = (lines: Awaited<ReturnType<typeof read>>['lines']) =>
    lines.map((line) => [line.position, line.index, line.amount, line.creditDebit, line.references]);

  it('gives one line per transaction, each with its own amount and references', async () => {
    const text = lonely(ntry('7000.00', 'BATCH1', tx('E1', '2500.00') + tx('E2', '4500.00', '', 'Amt')));
    const { lines, summary } = await read(text);
    assert.deepEqual(shape(lines), [
      ['Stmt[1]/Ntry[1]/TxDtls[1]', 1, '2500.00', 'C', ['E1', 'BATCH1']],
      ['Stmt[1]/Ntry[1]/TxDtls[2]', 2, '4500.00', 'C', ['E2', 'BATCH1']],
    ]);
    assert.equal(summary.entries, 2);
  });

  it("nets transactions of both directions to the entry's amount, and reverses each with the entry", async () => {
    const both = tx('E1', '100.00', '<CdtDbtInd>CRDT</CdtDbtInd>') + tx('E2', '20.00', '<CdtDbtInd>DBIT</CdtDbtInd>');
    assert.deepEqual(shape((await read(lonely(ntry('80.00', 'N1', both)))).lines), [
      ['Stmt[1]/Ntry[1]/TxDtls[1]', 1, '100.00', 'C', ['E1', 'N1']],
      ['Stmt[1]/Ntry[1]/TxDtls[2]', 2, '20.00', 'D', ['E2', 'N1']],
    ]);
    const reversed = ntry('80.00', 'N1', both).replace('<Sts>', '<RvslInd>true</RvslInd><Sts>');
    const { lines } = await read(lonely(reversed));
    assert.deepEqual(
      lines.map((line) => line.creditDebit),
      ['RD', 'RC'],
    );
  });

  const whole: [string, string][] = [
    ['a single transaction of another amount (before charges)', tx('E1', '9.50')],
    ['a transaction without its own amount', tx('E1', '5.00') + tx('E2', null)],
    ["amounts that do not add up to the entry's", tx('E1', '5.00') + tx('E2', '4.00')],
    ['an amount in another currency', tx('E1', '5.00') + tx('E2', '5.00').replace('Ccy="KES"', 'Ccy="EUR"')],
  ];
  for (const [name, details] of whole) {
    it(`keeps one line with the entry's amount for ${name}`, async () => {
      const { lines } = await read(lonely(ntry('10.00', 'W1', details)));
      assert.deepEqual(
        lines.map((line) => [line.position, line.amount]),
        [['Stmt[1]/Ntry[1]', '10.00']],
      );
      assert.ok(lines[0]?.references.includes('E1') && lines[0].references.includes('W1'));
    });
  }

  it('splits a batch of a thousand transactions, each with its references, and keeps one of more as one line', async () => {
    const text = `<RmtInf><Ustrd>${'MEMBER DUES '.repeat(10)}</Ustrd></RmtInf>`;
    const batch = (count: number) =>
      ntry(`${count}.00`, 'BIG', Array.from({ length: count }, (_, at) => tx(`E${at + 1}`, '1.00', text)).join(''));
    const thousand = (await read(lonely(batch(1000)), 1 << 16)).lines;
    assert.equal(thousand.length, 1000);
    // The entry's 16,384 characters of free text are spent by the first transactions; every one keeps its references.
    assert.equal(thousand[0]?.narration, 'MEMBER DUES '.repeat(10).trim());
    assert.deepEqual([thousand[999]?.references, thousand[999]?.narration], [['E1000', 'BIG'], '']);
    const more = (await read(lonely(batch(1001)), 1 << 16)).lines;
    assert.deepEqual(
      more.map((line) => [line.position, line.amount]),
      [['Stmt[1]/Ntry[1]', '1001.00']],
    );
  });

  it("refuses a transaction's amount that is not a number, naming it", async () => {
    const text = lonely(ntry('10.00', 'W1', tx('E1', '5,00') + tx('E2', '5.00')));
    await assertRefused(
      parseCamt053(upload(text)),
      'Stmt[1]/Ntry[1]/NtryDtls/TxDtls[1]/AmtDtls/TxAmt/Amt (line 4)',
      'amount "5,00" is not a number',
    );
  });
});

describe('camt.053 currencies and references', () => {
  it('reads Ccy XXX, "no currency", as a currency not stated', async () => {
    const none = ntry('10.00', 'R1', '', { ccy: 'XXX' });
    const unknown = await read(document([stmt({ account: 'CH01', ccy: 'XXX', entries: [none] })]));
    assert.equal(unknown.lines[0]?.currency, null);
    assert.equal(unknown.summary.accounts[0]?.currency, null);
    const stated = await read(document([stmt({ account: 'CH01', ccy: 'CHF', entries: [none] })]));
    assert.equal(stated.lines[0]?.currency, 'CHF', "the account's currency, as for an Amt without Ccy");
  });

  it('takes a structured creditor reference as a reference, and Ustrd and AddtlTxInf as narration', async () => {
    const details =
      '<TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><RmtInf><Ustrd>DUES NOV</Ustrd><Strd><CdtrRefInf>' +
      '<Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf>' +
      '<AddtlTxInf>MPESA 1234567</AddtlTxInf></TxDtls>';
    const { lines } = await read(document([stmt({ account: 'KE01A', entries: [ntry('10.00', 'R1', details)] })]));
    assert.deepEqual(lines[0]?.references, ['RF18539007547034', 'R1']);
    assert.deepEqual(lines[0]?.referenceFields, ['CdtrRefInf/Ref', 'AcctSvcrRef']);
    assert.equal(lines[0]?.narration, 'DUES NOV MPESA 1234567');
  });
});

describe('camt.053 files with marks after the root element', () => {
  const text = document([stmt({ account: 'KE01A', entries: [ntry('10.00', 'R1'), ntry('20.00', 'R2')] })]);

  for (const [name, tail] of [
    ['a \\x1a (DOS end of file)', '\x1a'],
    ['NULs', '\0\0\0'],
    ['white space', '\r\n\t \n'],
    ['a \\x1a and NULs among white space', '\r\n\x1a \0\0\n'],
  ]) {
    it(`reads a file that ends with ${name} after its root element, however the file is cut into chunks`, async () => {
      const expected = (await read(text)).lines;
      assert.equal(expected.length, 2);
      for (const chunk of [1, 7, 100_000]) assert.deepEqual((await read(text + tail, chunk)).lines, expected);
      assert.deepEqual((await read(Buffer.from(text + tail, 'utf8'), 5)).lines, expected);
    });
  }

  const refusals: [string, string, string, string][] = [
    ['text after the root element', `${text}junk`, 'line 7', 'text data outside of root node.'],
    ['a second element after the marks', `${text}\x1a<Extra/>`, 'line 7', 'disallowed character.'],
    ['text after the marks', `${text}\x1a\0\nmore`, 'line 7', 'disallowed character.'],
    [
      'a \\x1a inside the document',
      text.replace('<AcctSvcrRef>R2', '<AcctSvcrRef>R\x1a2'),
      'Stmt[1]/Ntry[2]/AcctSvcrRef (line 5)',
      'disallowed character.',
    ],
  ];
  for (const [name, file, position, reason] of refusals) {
    it(`still refuses ${name}, naming the place`, async () => {
      for (const chunk of [1, 7])
        await assertRefused(parseCamt053(upload(file, chunk)), position, `the file is not well-formed XML: ${reason}`);
    });
  }
});
