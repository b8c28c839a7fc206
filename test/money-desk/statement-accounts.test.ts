import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin, bankWithToken } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import {
  acceptedPayment,
  creditWithNarration,
  type Entry,
  mt940,
  newReference,
  reconcile,
  reconcileMt940,
  reconciliationItems,
  referenceOf,
} from '../support/money-desk.js';
import { json, useTestApp } from '../support/test-app.js';

const DAY = '2026-11-20';
const PERIOD = { from: DAY, to: DAY };
const at = `${DAY}T10:00:00Z`;
const OWN = '0123456789012';
const OTHER = '9988776655';

type Item = {
  line: number | null;
  category: string;
  accountId: string | null;
  foundIn: string | null;
  reference: string;
  payment: { paymentId: number } | null;
};

/** One MT940 message per account, in one file, as a bank's portal exports several accounts together. */
const twoAccounts = (own: Entry[], other: Entry[]) =>
  mt940(own, PERIOD) + mt940(other, PERIOD).replace(`:25:${OWN}`, `:25:EQBLKENA/${OTHER}`);

/** A camt.053 entry whose reference the bank notified is only the transaction's EndToEndId. */
const camtWithEndToEnd = (amount: string, endToEnd: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MSG1</MsgId><CreDtTm>${DAY}T23:00:00Z</CreDtTm></GrpHdr>
    <Stmt>
      <Id>STMT1</Id>
      <CreDtTm>${DAY}T23:00:00Z</CreDtTm>
      <Acct><Id><Othr><Id>${OWN}</Id></Othr></Id><Ccy>KES</Ccy></Acct>
      <Ntry>
        <Amt Ccy="KES">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>${DAY}</Dt></BookgDt>
        <AcctSvcrRef>BANK000123</AcctSvcrRef>
        <NtryDtls><TxDtls><Refs><EndToEndId>${endToEnd}</EndToEndId></Refs></TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;

const camtEntry = (currency: string, amount: string, reference: string) => `
      <Ntry>
        <Amt Ccy="${currency}">${amount}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
        <BookgDt><Dt>${DAY}</Dt></BookgDt><AcctSvcrRef>${reference}</AcctSvcrRef>
      </Ntry>`;

/** One account three times: without Acct/Ccy (its entries in KES), in USD, then in KES with a USD entry (an exchange). */
const camtOneAccountTwoCurrencies = (kes: string, usd: string) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>MSG2</MsgId><CreDtTm>${DAY}T23:00:00Z</CreDtTm></GrpHdr>
    <Stmt>
      <Id>KES1</Id><CreDtTm>${DAY}T23:00:00Z</CreDtTm>
      <Acct><Id><Othr><Id>${OWN}</Id></Othr></Id></Acct>${camtEntry('KES', '10.00', kes)}${camtEntry('KES', '20.00', 'K2')}
    </Stmt>
    <Stmt>
      <Id>USD1</Id><CreDtTm>${DAY}T23:00:00Z</CreDtTm>
      <Acct><Id><Othr><Id>${OWN}</Id></Othr></Id><Ccy>USD</Ccy></Acct>${camtEntry('USD', '30.00', usd)}
    </Stmt>
    <Stmt>
      <Id>KES2</Id><CreDtTm>${DAY}T23:00:00Z</CreDtTm>
      <Acct><Id><Othr><Id>${OWN}</Id></Othr></Id><Ccy>KES</Ccy></Acct>${camtEntry('USD', '5.00', 'FX1')}
    </Stmt>
  </BkToCstmrStmt>
</Document>
`;

for (const kind of databaseKinds()) {
  describe(`statements of several accounts, references where the bank put them (${kind})`, () => {
    const t = useTestApp(kind);

    it("a bank's statement accounts are kept, shown, and changed", async () => {
      const made = await admin(t.app, 'POST', '/clients', { name: 'Accounts bank', statementAccounts: [` ${OWN} `] });
      assert.equal(made.statusCode, 201, made.body);
      assert.deepEqual(json(made).statementAccounts, [OWN]);
      const { clientId } = json(made);
      const changed = await admin(t.app, 'PATCH', `/clients/${clientId}`, { statementAccounts: [OWN, 'KE12 3456'] });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.deepEqual(json(changed).statementAccounts, [OWN, 'KE12 3456']);
      assert.deepEqual(json(await admin(t.app, 'GET', `/clients/${clientId}`)).statementAccounts, [OWN, 'KE12 3456']);
      const listed = json(await admin(t.app, 'GET', '/clients')).items.find(
        (client: { clientId: string }) => client.clientId === clientId,
      );
      assert.deepEqual(listed.statementAccounts, [OWN, 'KE12 3456']);
      const tooLong = await admin(t.app, 'PATCH', `/clients/${clientId}`, { statementAccounts: ['x'.repeat(65)] });
      assert.equal(tooLong.statusCode, 400, tooLong.body);
      assert.equal((await admin(t.app, 'PATCH', `/clients/${clientId}`, {})).statusCode, 400);
      const half = await admin(t.app, 'PATCH', `/clients/${clientId}`, { disabled: true, statementAccounts: ['  '] });
      assert.equal(half.statusCode, 400, half.body);
      const after = json(await admin(t.app, 'GET', `/clients/${clientId}`));
      assert.deepEqual([after.disabled, after.statementAccounts], [false, [OWN, 'KE12 3456']], 'nothing of it saved');
      const both = await admin(t.app, 'PATCH', `/clients/${clientId}`, { disabled: true, statementAccounts: [OWN] });
      assert.deepEqual([json(both).disabled, json(both).statementAccounts], [true, [OWN]]);
    });

    it('a two-account MT940: each account named, each line with its account, the other account never matched', async () => {
      const bank = await bankWithToken(t.app, 'Two accounts bank');
      await admin(t.app, 'PATCH', `/clients/${bank.clientId}`, { statementAccounts: [OWN] });
      const ours = await acceptedPayment(t.app, bank, { amount: '100.00', transactionDate: at });
      const elsewhere = await acceptedPayment(t.app, bank, { amount: '200.00', transactionDate: at });
      const file = twoAccounts(
        [{ date: DAY, amount: '100.00', credit: true, reference: referenceOf(ours) }],
        [
          { date: DAY, amount: '200.00', credit: true, reference: referenceOf(elsewhere) },
          { date: DAY, amount: '5.00', credit: false, reference: 'CHG1' },
        ],
      );
      const response = await reconcile(t.app, bank.clientId, 'mt940', file);
      assert.equal(response.statusCode, 201, response.body);
      const run = json(response);
      assert.equal(run.lines, 3);
      assert.equal(run.accountId, null, 'several accounts: no one account for the run');
      assert.deepEqual(run.period, PERIOD);
      const named = run.accounts.map(({ totals, ...account }: { totals: unknown }) => account);
      assert.deepEqual(named, [
        { accountId: OWN, currency: 'KES', period: PERIOD, lines: 1, credits: 1, ofThisBank: true },
        { accountId: `EQBLKENA/${OTHER}`, currency: 'KES', period: PERIOD, lines: 2, credits: 1, ofThisBank: false },
      ]);
      assert.deepEqual(run.totals.matched, { count: 1, sum: '100.00' });
      assert.deepEqual(run.totals.other_account, { count: 1, sum: '200.00' });
      assert.deepEqual(run.totals.debit, { count: 1, sum: '5.00' });
      // Its payment is not on the bank's own statement: asked for, not taken from the other account.
      assert.deepEqual(run.totals.not_on_statement, { count: 1, sum: '200.00' });
      assert.deepEqual(run.accounts[0].totals.not_on_statement, { count: 1, sum: '200.00' }, "the bank's account's");
      assert.deepEqual(run.accounts[1].totals.other_account, { count: 1, sum: '200.00' });
      assert.deepEqual(run.accounts[1].totals.not_on_statement, { count: 0, sum: '0.00' });

      const items: Item[] = await reconciliationItems(t.app, run.reconciliationId);
      assert.deepEqual(
        items.map((item) => [item.line, item.accountId, item.category, item.payment !== null]),
        [
          [1, OWN, 'matched', true],
          [2, `EQBLKENA/${OTHER}`, 'other_account', false],
          [3, `EQBLKENA/${OTHER}`, 'debit', false],
          [null, null, 'not_on_statement', true],
        ],
      );
      assert.equal(items[0]?.foundIn, ':61: bank reference');
    });

    it('a bank with no account on file takes every account of the file as its own', async () => {
      const bank = await bankWithToken(t.app, 'No accounts bank');
      const second = await acceptedPayment(t.app, bank, { amount: '200.00', transactionDate: at });
      const file = twoAccounts([], [{ date: DAY, amount: '200.00', credit: true, reference: referenceOf(second) }]);
      const run = json(await reconcile(t.app, bank.clientId, 'mt940', file));
      assert.deepEqual(
        run.accounts.map((account: { ofThisBank: boolean }) => account.ofThisBank),
        [true, true],
      );
      assert.deepEqual(run.totals.matched, { count: 1, sum: '200.00' });
      assert.equal(run.totals.other_account.count, 0);
    });

    it('a reference only in the :86: narration matches as a whole word, whatever its case; a longer word does not', async () => {
      const bank = await bankWithToken(t.app, 'Narration bank');
      const inText = await acceptedPayment(t.app, bank, { amount: '300.00', transactionDate: at });
      const lower = await acceptedPayment(t.app, bank, {
        amount: '301.00',
        transactionDate: at,
        transactionReference: newReference('lc'),
      });
      const nearMiss = await acceptedPayment(t.app, bank, { amount: '400.00', transactionDate: at });
      const { items } = await reconcileMt940<Item>(
        t.app,
        bank.clientId,
        [
          creditWithNarration(DAY, '300.00', `MPESA C2B REF:${referenceOf(inText)}/JOHN DOE`),
          creditWithNarration(DAY, '301.00', `PAYMENT ${referenceOf(lower).toUpperCase()}`),
          creditWithNarration(DAY, '400.00', `PAYMENT ${referenceOf(nearMiss)}4 AND X${referenceOf(nearMiss)}`),
        ],
        PERIOD,
      );
      const byLine = (line: number) => items.find((item) => item.line === line);
      assert.equal(byLine(1)?.category, 'matched');
      assert.equal(byLine(1)?.foundIn, 'narration');
      assert.equal(byLine(2)?.category, 'matched');
      assert.equal(byLine(2)?.foundIn, 'narration');
      assert.equal(byLine(3)?.category, 'missing_notification', 'FT1234 does not hold the reference FT123');
      assert.equal(byLine(3)?.foundIn, null);
      const missing = items.find((item) => item.category === 'not_on_statement');
      assert.equal(missing?.reference, referenceOf(nearMiss));
    });

    it('camt.053: a reference in the transaction’s EndToEndId matches, and the item says so', async () => {
      const bank = await bankWithToken(t.app, 'EndToEnd bank');
      const payment = await acceptedPayment(t.app, bank, { amount: '750.00', transactionDate: at });
      const response = await reconcile(
        t.app,
        bank.clientId,
        'camt053',
        camtWithEndToEnd('750.00', referenceOf(payment)),
      );
      assert.equal(response.statusCode, 201, response.body);
      const run = json(response);
      assert.equal(run.accountId, OWN);
      assert.deepEqual(run.totals.matched, { count: 1, sum: '750.00' });
      const [item] = await reconciliationItems(t.app, run.reconciliationId);
      assert.equal(item.foundIn, 'EndToEndId');
      assert.equal(item.accountId, OWN);
      assert.equal(item.dateFromStatement, false);
    });

    it('one account in two currencies: each currency its own part, every line counted in the part it is on', async () => {
      const bank = await bankWithToken(t.app, 'Two currencies bank');
      const kes = await acceptedPayment(t.app, bank, { amount: '10.00', transactionDate: at });
      const missing = await acceptedPayment(t.app, bank, { amount: '111.00', transactionDate: at });
      const response = await reconcile(
        t.app,
        bank.clientId,
        'camt053',
        camtOneAccountTwoCurrencies(referenceOf(kes), 'U1'),
      );
      assert.equal(response.statusCode, 201, response.body);
      const run = json(response);
      assert.deepEqual(
        run.accounts.map((account: Record<string, unknown>) => [account.accountId, account.currency, account.lines]),
        [
          [OWN, 'KES', 3],
          [OWN, 'USD', 1],
        ],
      );
      assert.equal(run.lines, 4);
      assert.deepEqual(run.totals.matched, { count: 1, sum: '10.00' });
      const [kesPart, usdPart] = run.accounts;
      assert.deepEqual(
        [kesPart.totals.matched, kesPart.totals.missing_notification, kesPart.totals.not_on_statement],
        [
          { count: 1, sum: '10.00' },
          { count: 2, sum: '25.00' },
          { count: 1, sum: '111.00' },
        ],
        'each account its own figures: KES 20.00 and the USD 5.00 exchange on the KES account',
      );
      assert.deepEqual(
        [usdPart.totals.matched, usdPart.totals.missing_notification, usdPart.totals.not_on_statement],
        [
          { count: 0, sum: '0.00' },
          { count: 1, sum: '30.00' },
          { count: 0, sum: '0.00' },
        ],
      );
      const items: Item[] = await reconciliationItems(t.app, run.reconciliationId);
      assert.deepEqual(
        items.filter((item) => item.category === 'not_on_statement').map((item) => item.reference),
        [referenceOf(missing)],
        "the KES part's period is searched for KES payments",
      );
    });
  });
}
