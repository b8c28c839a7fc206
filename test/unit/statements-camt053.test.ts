import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseCamt053 } from '../../src/statements/camt053.js';
import {
  assertReadsGenerated,
  assertRefused,
  assertUploadErrorPassedOn,
  generatedStatement,
  readAll,
  upload,
} from '../support/statements.js';

/** 1-based line of the first `needle` at or after the first `after` in `text`. */
function lineOf(text: string, needle: string, after = ''): number {
  const from = text.indexOf(after);
  const at = text.indexOf(needle, Math.max(from, 0));
  assert.ok(at >= 0, `fixture has ${needle}`);
  return text.slice(0, at).split('\n').length;
}

// A day of a KES collection account as a bank's host-to-host channel sends it, camt.053.001.02.
const V02 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <BkToCstmrStmt>
    <GrpHdr>
      <MsgId>SCBKE20261124000001</MsgId>
      <CreDtTm>2026-11-24T02:00:00+03:00</CreDtTm>
    </GrpHdr>
    <Stmt>
      <Id>0100012345678-20261123</Id>
      <ElctrncSeqNb>327</ElctrncSeqNb>
      <CreDtTm>2026-11-24T02:00:00+03:00</CreDtTm>
      <FrToDt>
        <FrDtTm>2026-11-23T00:00:00+03:00</FrDtTm>
        <ToDtTm>2026-11-23T23:59:59+03:00</ToDtTm>
      </FrToDt>
      <Acct>
        <Id><Othr><Id>0100012345678</Id></Othr></Id>
        <Ccy>KES</Ccy>
        <Svcr><FinInstnId><BIC>SCBLKENXXXX</BIC></FinInstnId></Svcr>
      </Acct>
      <Bal>
        <Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp>
        <Amt Ccy="KES">125000.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Dt><Dt>2026-11-23</Dt></Dt>
      </Bal>
      <Ntry>
        <NtryRef>1</NtryRef>
        <Amt Ccy="KES">1500.50</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2026-11-23</Dt></BookgDt>
        <ValDt><Dt>2026-11-23</Dt></ValDt>
        <AcctSvcrRef>FT26327ABCD</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RCDT</Cd><SubFmlyCd>DMCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls>
          <TxDtls>
            <Refs>
              <AcctSvcrRef>QKX12AB34C</AcctSvcrRef>
              <EndToEndId>1234567</EndToEndId>
            </Refs>
            <RmtInf><Ustrd>MPESA C2B 1234567
              JANE WANJIRU</Ustrd></RmtInf>
          </TxDtls>
        </NtryDtls>
        <AddtlNtryInf>MPESA PAYBILL 400200</AddtlNtryInf>
      </Ntry>
      <Ntry>
        <NtryRef>2</NtryRef>
        <Amt Ccy="KES">150</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2026-11-23</Dt></BookgDt>
        <ValDt><Dt>2026-11-23</Dt></ValDt>
        <AcctSvcrRef>CHG2632700</AcctSvcrRef>
        <BkTxCd><Prtry><Cd>NCHG</Cd></Prtry></BkTxCd>
        <AddtlNtryInf>ACCOUNT SERVICE FEE</AddtlNtryInf>
      </Ntry>
      <Ntry>
        <NtryRef>3</NtryRef>
        <Amt Ccy="KES">1500.50</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <RvslInd>true</RvslInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2026-11-23</Dt></BookgDt>
        <ValDt><Dt>2026-11-23</Dt></ValDt>
        <AcctSvcrRef>FT26327ABCE</AcctSvcrRef>
        <AddtlNtryInf>REVERSAL FT26327ABCD</AddtlNtryInf>
      </Ntry>
      <Ntry>
        <NtryRef>4</NtryRef>
        <Amt Ccy="KES">7000.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts>BOOK</Sts>
        <BookgDt><Dt>2026-11-23</Dt></BookgDt>
        <ValDt><Dt>2026-11-24</Dt></ValDt>
        <AcctSvcrRef>BATCH2632701</AcctSvcrRef>
        <NtryDtls>
          <Btch><NbOfTxs>3</NbOfTxs></Btch>
          <TxDtls>
            <Refs><MsgId>PESALINK-0001</MsgId><EndToEndId>MBR0012345</EndToEndId><TxId>PL001</TxId></Refs>
            <AmtDtls><TxAmt><Amt Ccy="KES">2500.00</Amt></TxAmt></AmtDtls>
            <RmtInf><Ustrd>MARY AKINYI MBR0012345</Ustrd></RmtInf>
          </TxDtls>
          <TxDtls>
            <Refs><MsgId>PESALINK-0001</MsgId><EndToEndId>NOTPROVIDED</EndToEndId><TxId>PL002</TxId></Refs>
            <AmtDtls><TxAmt><Amt Ccy="KES">2000.00</Amt></TxAmt></AmtDtls>
            <RmtInf><Ustrd>JOSEPH KAMAU</Ustrd></RmtInf>
          </TxDtls>
          <TxDtls>
            <Refs><MsgId>PESALINK-0001</MsgId><EndToEndId>MBR0099999</EndToEndId><TxId>PL003</TxId></Refs>
            <AmtDtls><TxAmt><Amt Ccy="KES">2500.00</Amt></TxAmt></AmtDtls>
          </TxDtls>
        </NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;

// camt.053.001.08 with a prefix, DtTm dates, two statements of one account, CDATA and entities.
const V08 = `<?xml version="1.0" encoding="UTF-8"?>
<ns2:Document xmlns:ns2="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
<ns2:BkToCstmrStmt>
<ns2:GrpHdr><ns2:MsgId>KCB-H2H-88</ns2:MsgId><ns2:CreDtTm>2026-12-03T01:00:00</ns2:CreDtTm></ns2:GrpHdr>
<ns2:Stmt>
<ns2:Id>1</ns2:Id>
<ns2:FrToDt><ns2:FrDtTm>2026-12-01T00:00:00</ns2:FrDtTm><ns2:ToDtTm>2026-12-01T23:59:59</ns2:ToDtTm></ns2:FrToDt>
<ns2:Acct><ns2:Id><ns2:IBAN>GB33BUKB20201555555555</ns2:IBAN></ns2:Id><ns2:Ccy>USD</ns2:Ccy></ns2:Acct>
<ns2:Ntry>
<ns2:Amt Ccy="USD">250.00</ns2:Amt>
<ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd>
<ns2:Sts><ns2:Cd>BOOK</ns2:Cd></ns2:Sts>
<ns2:BookgDt><ns2:DtTm>2026-12-01T09:30:00+03:00</ns2:DtTm></ns2:BookgDt>
<ns2:ValDt><ns2:Dt>2026-12-01</ns2:Dt></ns2:ValDt>
<ns2:AcctSvcrRef>S2633512345</ns2:AcctSvcrRef>
<ns2:NtryDtls><ns2:TxDtls>
<ns2:Refs><ns2:InstrId>INS-77</ns2:InstrId><ns2:EndToEndId>E2E-2026-0001</ns2:EndToEndId>
<ns2:UETR>8a562c67-ca16-48ba-b074-65581be6f011</ns2:UETR></ns2:Refs>
<ns2:RmtInf><ns2:Ustrd><![CDATA[Dues <2026> for MBR0012345]]></ns2:Ustrd>
<ns2:Ustrd>A &amp; B Ltd</ns2:Ustrd></ns2:RmtInf>
</ns2:TxDtls></ns2:NtryDtls>
</ns2:Ntry>
</ns2:Stmt>
<ns2:Stmt>
<ns2:Id>2</ns2:Id>
<ns2:FrToDt><ns2:FrDtTm>2026-12-02T00:00:00</ns2:FrDtTm><ns2:ToDtTm>2026-12-02T23:59:59</ns2:ToDtTm></ns2:FrToDt>
<ns2:Acct><ns2:Id><ns2:IBAN>GB33BUKB20201555555555</ns2:IBAN></ns2:Id><ns2:Ccy>USD</ns2:Ccy></ns2:Acct>
<ns2:Ntry>
<ns2:NtryRef>NOTPROVIDED</ns2:NtryRef>
<ns2:Amt Ccy="USD">40.5</ns2:Amt>
<ns2:CdtDbtInd>CRDT</ns2:CdtDbtInd>
<ns2:RvslInd>true</ns2:RvslInd>
<ns2:Sts><ns2:Cd>BOOK</ns2:Cd></ns2:Sts>
<ns2:BookgDt><ns2:Dt>2026-12-02</ns2:Dt></ns2:BookgDt>
<ns2:AcctSvcrRef>S2633698765</ns2:AcctSvcrRef>
</ns2:Ntry>
</ns2:Stmt>
</ns2:BkToCstmrStmt>
</ns2:Document>
`;

describe('camt.053 statements', () => {
  it('reads a camt.053.001.02 day: a credit, a charge, a reversed credit and a batch of three', async () => {
    const { lines, summary } = await readAll(parseCamt053(upload(V02)));
    const day = { bookingDate: '2026-11-23', accountId: '0100012345678', accountPart: 1, dateFromStatement: false };
    const batch = { ...day, valueDate: '2026-11-24', creditDebit: 'C', currency: 'KES' };
    const batchRefs = ['BATCH2632701', '4', 'PESALINK-0001'];
    const batchFields = ['AcctSvcrRef', 'NtryRef', 'MsgId'];
    assert.deepEqual(lines, [
      {
        position: 'Stmt[1]/Ntry[1]',
        index: 1,
        ...day,
        valueDate: '2026-11-23',
        references: ['QKX12AB34C', '1234567', 'FT26327ABCD', '1'],
        referenceFields: ['TxDtls/AcctSvcrRef', 'EndToEndId', 'AcctSvcrRef', 'NtryRef'],
        amount: '1500.50',
        creditDebit: 'C',
        currency: 'KES',
        narration: 'MPESA PAYBILL 400200 MPESA C2B 1234567 JANE WANJIRU',
      },
      {
        position: 'Stmt[1]/Ntry[2]',
        index: 2,
        ...day,
        valueDate: '2026-11-23',
        references: ['CHG2632700', '2'],
        referenceFields: ['AcctSvcrRef', 'NtryRef'],
        amount: '150.00',
        creditDebit: 'D',
        currency: 'KES',
        narration: 'ACCOUNT SERVICE FEE',
      },
      {
        position: 'Stmt[1]/Ntry[3]',
        index: 3,
        ...day,
        valueDate: '2026-11-23',
        references: ['FT26327ABCE', '3'],
        referenceFields: ['AcctSvcrRef', 'NtryRef'],
        amount: '1500.50',
        // A debit that reverses: the credit of Ntry[1] taken back.
        creditDebit: 'RC',
        currency: 'KES',
        narration: 'REVERSAL FT26327ABCD',
      },
      // A batch of 7000.00 booked as one entry: a line for each of its payments.
      {
        position: 'Stmt[1]/Ntry[4]/TxDtls[1]',
        index: 4,
        ...batch,
        references: ['MBR0012345', 'PL001', ...batchRefs],
        referenceFields: ['EndToEndId', 'TxId', ...batchFields],
        amount: '2500.00',
        narration: 'MARY AKINYI MBR0012345',
      },
      {
        position: 'Stmt[1]/Ntry[4]/TxDtls[2]',
        index: 5,
        ...batch,
        references: ['PL002', ...batchRefs],
        referenceFields: ['TxId', ...batchFields],
        amount: '2000.00',
        narration: 'JOSEPH KAMAU',
      },
      {
        position: 'Stmt[1]/Ntry[4]/TxDtls[3]',
        index: 6,
        ...batch,
        references: ['MBR0099999', 'PL003', ...batchRefs],
        referenceFields: ['EndToEndId', 'TxId', ...batchFields],
        amount: '2500.00',
        narration: '',
      },
    ]);
    assert.deepEqual(summary, {
      accounts: [
        {
          accountId: '0100012345678',
          currency: 'KES',
          period: { from: '2026-11-23', to: '2026-11-23' },
          entries: 6,
        },
      ],
      entries: 6,
    });
  });

  it('reads camt.053.001.08 with a prefix, DtTm, two statements, CDATA, entities and a reversed debit', async () => {
    const { lines, summary } = await readAll(parseCamt053(upload(V08)));
    const account = { accountId: 'GB33BUKB20201555555555', accountPart: 1, dateFromStatement: false };
    assert.deepEqual(lines, [
      {
        position: 'Stmt[1]/Ntry[1]',
        index: 1,
        bookingDate: '2026-12-01',
        valueDate: '2026-12-01',
        references: ['E2E-2026-0001', 'S2633512345', 'INS-77'],
        referenceFields: ['EndToEndId', 'AcctSvcrRef', 'InstrId'],
        amount: '250.00',
        creditDebit: 'C',
        currency: 'USD',
        narration: 'Dues <2026> for MBR0012345 A & B Ltd',
        ...account,
      },
      {
        position: 'Stmt[2]/Ntry[1]',
        index: 2,
        bookingDate: '2026-12-02',
        valueDate: null,
        references: ['S2633698765'],
        referenceFields: ['AcctSvcrRef'],
        amount: '40.50',
        creditDebit: 'RD',
        currency: 'USD',
        narration: '',
        ...account,
      },
    ]);
    assert.deepEqual(summary, {
      accounts: [
        {
          accountId: 'GB33BUKB20201555555555',
          currency: 'USD',
          period: { from: '2026-12-01', to: '2026-12-02' },
          entries: 2,
        },
      ],
      entries: 2,
    });
  });

  it('passes on the error of an upload that breaks off, as it is', () =>
    assertUploadErrorPassedOn((body) => parseCamt053(body), V02.slice(0, 2000)));

  it('gives the same lines whether the upload arrives whole or a byte at a time', async () => {
    const text = V02.replace('JANE WANJIRU', 'JANE WANJIRŨ');
    const whole = await readAll(parseCamt053(upload(text, 1 << 20)));
    const bytewise = await readAll(parseCamt053(upload(text, 1)));
    assert.deepEqual(bytewise, whole);
    assert.match(whole.lines[0]?.narration ?? '', /WANJIRŨ$/);
  });

  it('takes the period from booking dates without FrToDt, and an entry without BookgDt on its value date', async () => {
    const text = V02.replace(/<FrToDt>[\s\S]*?<\/FrToDt>/, '')
      .replace(
        '<BookgDt><Dt>2026-11-23</Dt></BookgDt>\n        <ValDt><Dt>2026-11-24</Dt></ValDt>',
        '<ValDt><Dt>2026-11-24</Dt></ValDt>',
      )
      .replace(/<Amt Ccy="KES">150<\/Amt>/, '<Amt>150</Amt>')
      .replace(/(<ElctrncSeqNb>327<\/ElctrncSeqNb>\s*<CreDtTm>)2026-11-24/, '$12026-11-25');
    const { lines, summary } = await readAll(parseCamt053(upload(text)));
    // The statement's day (here the day it was made, its CreDtTm) is for an entry that gives none.
    assert.deepEqual(
      lines.map((line) => [line.bookingDate, line.valueDate, line.dateFromStatement]),
      [
        ['2026-11-23', '2026-11-23', false],
        ['2026-11-23', '2026-11-23', false],
        ['2026-11-23', '2026-11-23', false],
        ['2026-11-24', '2026-11-24', false],
        ['2026-11-24', '2026-11-24', false],
        ['2026-11-24', '2026-11-24', false],
      ],
    );
    assert.equal(lines[1]?.currency, 'KES', 'an Amt without Ccy is in the account currency');
    assert.deepEqual(summary.accounts[0]?.period, { from: '2026-11-23', to: '2026-11-24' });
  });

  it('gives a statement without entries and without FrToDt no period', async () => {
    const text = V02.replace(/<FrToDt>[\s\S]*?<\/FrToDt>/, '').replace(/<Ntry>[\s\S]*<\/Ntry>/, '');
    const { lines, summary } = await readAll(parseCamt053(upload(text)));
    assert.deepEqual(lines, []);
    assert.deepEqual(summary, {
      accounts: [{ accountId: '0100012345678', currency: 'KES', period: null, entries: 0 }],
      entries: 0,
    });
  });
});

describe('camt.053 statements that are refused', () => {
  const amtLine = lineOf(V02, '<Amt Ccy="KES">1500.50', '<Ntry>');
  const cases: [string, string, string, RegExp | string][] = [
    [
      'an amount that is not a number',
      V02.replace('<Amt Ccy="KES">1500.50</Amt>', '<Amt Ccy="KES">1,500.50</Amt>'),
      `Stmt[1]/Ntry[1]/Amt (line ${amtLine})`,
      'amount "1,500.50" is not a number',
    ],
    [
      'an amount with three decimals',
      V02.replace('<Amt Ccy="KES">1500.50</Amt>', '<Amt Ccy="KES">1500.505</Amt>'),
      `Stmt[1]/Ntry[1]/Amt (line ${amtLine})`,
      'amount "1500.505" has more than two decimal places',
    ],
    [
      'a negative amount',
      V02.replace('<Amt Ccy="KES">1500.50</Amt>', '<Amt Ccy="KES">-1500.50</Amt>'),
      `Stmt[1]/Ntry[1]/Amt (line ${amtLine})`,
      'amount "-1500.50" is not a number',
    ],
    [
      'an entry without Amt',
      V02.replace('<Amt Ccy="KES">150</Amt>', ''),
      `Stmt[1]/Ntry[2] (line ${lineOf(V02, '<NtryRef>2<') - 1})`,
      'the entry has no Amt',
    ],
    [
      'an entry without CdtDbtInd',
      V02.replace('<CdtDbtInd>DBIT</CdtDbtInd>\n        <Sts>', '<Sts>'),
      `Stmt[1]/Ntry[2] (line ${lineOf(V02, '<NtryRef>2<') - 1})`,
      'the entry has no CdtDbtInd',
    ],
    [
      'a CdtDbtInd other than CRDT or DBIT',
      V02.replace('<CdtDbtInd>DBIT</CdtDbtInd>', '<CdtDbtInd>DR</CdtDbtInd>'),
      `Stmt[1]/Ntry[2]/CdtDbtInd (line ${lineOf(V02, '<CdtDbtInd>DBIT')})`,
      'CdtDbtInd must be CRDT or DBIT, found "DR"',
    ],
    [
      'a booking date not on the calendar',
      V02.replace('<BookgDt><Dt>2026-11-23</Dt></BookgDt>', '<BookgDt><Dt>2026-02-30</Dt></BookgDt>'),
      `Stmt[1]/Ntry[1]/BookgDt/Dt (line ${lineOf(V02, '<BookgDt>')})`,
      'date "2026-02-30" is not a real date (YYYY-MM-DD)',
    ],
    [
      'a value date in another format',
      V02.replace('<ValDt><Dt>2026-11-23</Dt></ValDt>', '<ValDt><Dt>23/11/2026</Dt></ValDt>'),
      `Stmt[1]/Ntry[1]/ValDt/Dt (line ${lineOf(V02, '<ValDt>')})`,
      'date "23/11/2026" is not a real date (YYYY-MM-DD)',
    ],
    [
      'a RvslInd that is not a boolean',
      V02.replace('<RvslInd>true</RvslInd>', '<RvslInd>yes</RvslInd>'),
      `Stmt[1]/Ntry[3]/RvslInd (line ${lineOf(V02, '<RvslInd>')})`,
      'RvslInd must be true or false, found "yes"',
    ],
    [
      'a currency that is not a code',
      V02.replace('<Amt Ccy="KES">1500.50</Amt>', '<Amt Ccy="KSh">1500.50</Amt>'),
      `Stmt[1]/Ntry[1]/Amt (line ${amtLine})`,
      'currency "KSh" is not an ISO 4217 code',
    ],
    [
      'a period that ends before it starts',
      V02.replace('<ToDtTm>2026-11-23T23:59:59+03:00', '<ToDtTm>2026-11-22T23:59:59+03:00'),
      `Stmt[1]/FrToDt (line ${lineOf(V02, '</FrToDt>')})`,
      "the statement's period runs backwards, from 2026-11-23 to 2026-11-22",
    ],
    [
      'a DOCTYPE with an entity declaration (XXE)',
      V02.replace('<Document ', '<!DOCTYPE Document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<Document ').replace(
        'ACCOUNT SERVICE FEE',
        '&xxe;',
      ),
      'line 2',
      /the document has a DOCTYPE: a statement needs none, and entity declarations in one can expand without limit/,
    ],
    [
      'a billion laughs',
      '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n' +
        ' <!ENTITY lol2 "&lol;&lol;&lol;&lol;">\n]>\n<lolz>&lol2;</lolz>',
      'line 5',
      /has a DOCTYPE/,
    ],
    [
      'an entity it does not know',
      V02.replace('ACCOUNT SERVICE FEE', 'FEE &nbsp; KES'),
      `Stmt[1]/Ntry[2]/AddtlNtryInf (line ${lineOf(V02, 'ACCOUNT SERVICE FEE')})`,
      /^the file is not well-formed XML: undefined entity/,
    ],
    [
      'an MT940 file',
      '\n:20:STMT1\n:25:0123\n',
      'line 2',
      'the file is not XML: a camt.053 statement starts with <?xml or <Document',
    ],
    [
      'a truncated tag',
      '<?xml version="1.0"?>\n<Document><BkToCstmrStmt><Stmt',
      'Document/BkToCstmrStmt (line 2)',
      /^the file is not well-formed XML: unclosed tag: BkToCstmrStmt/,
    ],
    [
      'a file cut short',
      V02.slice(0, V02.indexOf('<NtryRef>3<')),
      `Stmt[1]/Ntry[3] (line ${lineOf(V02, '<NtryRef>3<')})`,
      /^the file is not well-formed XML: unclosed tag: Ntry/,
    ],
    [
      'a camt.052 account report',
      V02.replaceAll('BkToCstmrStmt', 'BkToCstmrAcctRpt').replaceAll('<Stmt>', '<Rpt>').replaceAll('</Stmt>', '</Rpt>'),
      'Document/BkToCstmrAcctRpt (line 3)',
      'this is a camt.052 account report, not a camt.053 statement (BkToCstmrStmt)',
    ],
    [
      'XML that is no statement',
      '<?xml version="1.0"?>\n<Invoice><Total>10.00</Total></Invoice>\n',
      'line 2',
      'not a camt.053 statement: the root element is Invoice, and it holds no Document',
    ],
    [
      'a Document that is not a statement',
      '<?xml version="1.0"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03">\n' +
        '<CstmrCdtTrfInitn/>\n</Document>',
      'Document/CstmrCdtTrfInitn (line 3)',
      'not a camt.053 statement: the Document holds CstmrCdtTrfInitn, not BkToCstmrStmt',
    ],
    [
      'an empty Document',
      '<Document>\n</Document>\n',
      'line 3',
      'not a camt.053 statement: the Document holds no BkToCstmrStmt',
    ],
    ['an empty file', '', 'line 1', 'the file is empty'],
  ];
  for (const [name, text, position, reason] of cases) {
    it(`refuses ${name}, naming the element and line`, async () => {
      await assertRefused(parseCamt053(upload(text, 500)), position, reason);
    });
  }
});

describe('camt.053 at scale', () => {
  it('streams 100,000 entries from a generated upload and adds the credits exactly', async () => {
    const { upload: body, totals } = generatedStatement(53, 100_000, {
      head: [
        '<?xml version="1.0" encoding="UTF-8"?>\n',
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>',
        '<GrpHdr><MsgId>BIG</MsgId><CreDtTm>2026-12-01T02:00:00</CreDtTm></GrpHdr><Stmt><Id>1</Id>',
        '<Acct><Id><Othr><Id>0100012345678</Id></Othr></Id><Ccy>KES</Ccy></Acct>',
      ],
      entry: (i, amount, credit) =>
        `<Ntry><Amt Ccy="KES">${amount}</Amt><CdtDbtInd>${credit ? 'CRDT' : 'DBIT'}</CdtDbtInd>` +
        '<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-11-15</Dt></BookgDt><ValDt><Dt>2026-11-15</Dt></ValDt>' +
        `<AcctSvcrRef>FT${i}</AcctSvcrRef><NtryDtls><TxDtls><Refs><EndToEndId>E${i}</EndToEndId></Refs>` +
        `<RmtInf><Ustrd>MPESA C2B ${i} MEMBER</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`,
      tail: '</Stmt></BkToCstmrStmt></Document>\n',
    });
    await assertReadsGenerated(parseCamt053(body), totals);
  });
});
