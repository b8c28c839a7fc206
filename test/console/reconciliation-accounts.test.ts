import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { admin, bankWithToken } from '../support/bank.js';
import { screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { acceptedPayment, camt053, type Entry, mt940 } from '../support/money-desk.js';
import { addOperator } from '../support/operators.js';

const DAY = '2026-11-20';
const DAY_BEFORE = '2026-11-19';
const OWN = '0123456789012';
const OTHER = 'NL91ABNA0417164300';

/** Two MT940 messages in one file: the bank's own KES account, then a USD account of another. */
function twoAccounts(own: readonly Entry[], other: readonly Entry[]): string {
  const second = mt940(other, { from: DAY, to: DAY })
    .replace(`:25:${OWN}`, `:25:${OTHER}`)
    .replaceAll('KES', 'USD')
    .replace(':20:STMT0001', ':20:STMT0002');
  return mt940(own, { from: DAY, to: DAY }) + second;
}

/** Finance uploads a statement on the reconciliation page, with its first and last day when given. */
async function upload(page: Page, bank: string, format: string, file: string, days?: { from: string; to: string }) {
  await page.getByRole('link', { name: 'Reconciliation', exact: true }).click();
  await page.getByLabel('Bank').selectOption({ label: bank });
  await page.getByLabel('Format').selectOption(format);
  await page
    .getByLabel('Statement file')
    .setInputFiles({ name: `statement.${format}`, mimeType: 'text/plain', buffer: Buffer.from(file) });
  if (days) {
    await page.getByLabel('First day').fill(days.from);
    await page.getByLabel('Last day').fill(days.to);
  }
  await page.getByRole('button', { name: 'Reconcile' }).click();
}

/** The visible text of each row of the items table, on one line: cells joined by " | ". */
async function itemRows(page: Page): Promise<string[]> {
  const rows = page.locator('table:not(.categories) tbody tr');
  return (
    await rows.evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => (td as HTMLElement).innerText)))
  ).map((cells) => cells.map((text) => text.replace(/\s+/g, ' ').trim()).join(' | '));
}

describeConsole(
  "the console names a reconciliation's days, accounts and where references were found",
  { timeZone: 'Africa/Nairobi' },
  (rig) => {
    test("finance gives the statement's first and last day on upload, and the run covers those days", async () => {
      const bank = await bankWithToken(rig.service.app, 'Family Bank');
      const onIt = await acceptedPayment(rig.service.app, bank, {
        amount: '700.00',
        transactionDate: `${DAY}T09:00:00+03:00`,
      });
      // Paid the day before: inside the days finance gives, not on the file's own.
      await acceptedPayment(rig.service.app, bank, {
        amount: '820.00',
        transactionDate: `${DAY_BEFORE}T09:00:00+03:00`,
      });
      const statement = mt940(
        [{ date: DAY, amount: '700.00', credit: true, reference: onIt.body.transactionReference as string }],
        {
          from: DAY,
          to: DAY,
        },
      );
      const page = await signedInPage(rig, await addOperator(rig.service.app, 'finance'));

      await upload(page, 'Family Bank', 'mt940', statement, { from: DAY, to: DAY_BEFORE });
      await page.getByText('The last day is before the first day.').waitFor();
      await page.getByLabel('Last day').fill('');
      await page.getByRole('button', { name: 'Reconcile' }).click();
      await page.getByText('Give both the first and the last day, or neither.').waitFor();

      await page.getByLabel('First day').fill(DAY_BEFORE);
      await page.getByLabel('Last day').fill(DAY);
      await page.getByRole('button', { name: 'Reconcile' }).click();
      await page.getByRole('heading', { name: `Family Bank: statement of 19 Nov 2026 to 20 Nov 2026` }).waitFor();
      const category = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) }).locator('td');
      assert.deepEqual((await category('Matched').allInnerTexts()).slice(0, 2), ['1', 'KES 700.00']);
      assert.deepEqual((await category('Not on the statement').allInnerTexts()).slice(0, 2), ['1', 'KES 820.00']);

      await page.getByRole('link', { name: 'All reconciliations' }).click();
      await page
        .getByRole('row', { name: /Family Bank/ })
        .getByText('19 Nov 2026 to 20 Nov 2026')
        .waitFor();
      await page.context().close();
    });

    test("an admin sets a bank's statement accounts on its page, and the page shows them", async () => {
      await bankWithToken(rig.service.app, 'Sidian Bank');
      const page = await signedInPage(rig, await addOperator(rig.service.app, 'admin'));
      await page.getByRole('link', { name: 'Banks' }).click();
      await page.getByRole('link', { name: 'Sidian Bank' }).click();
      await page.getByText(/None on file: every account on this bank’s statements is taken as its own/).waitFor();
      await page.getByLabel(/Account numbers, one a line/).fill(`${OWN}\n`);
      await page.getByRole('button', { name: 'Save the accounts' }).click();
      await page.getByText(`Statements are reconciled for ${OWN}.`, { exact: false }).waitFor();
      assert.equal(await page.locator('.statement-accounts').getByRole('status').innerText(), 'Saved.');

      await page.reload();
      await page.getByText(`Statements are reconciled for ${OWN}.`, { exact: false }).waitFor();
      assert.equal(await page.getByLabel(/Account numbers, one a line/).inputValue(), OWN);
      assert.deepEqual(await seriousViolations(page), []);
      await screenshots(page, 'bank-statement-accounts');

      // A finance officer reads them, and cannot change them.
      const finance = await signedInPage(rig, await addOperator(rig.service.app, 'finance'));
      await finance.getByRole('link', { name: 'Banks' }).click();
      await finance.getByRole('link', { name: 'Sidian Bank' }).click();
      await finance.getByText(`Statements are reconciled for ${OWN}.`, { exact: false }).waitFor();
      assert.equal(await finance.getByLabel(/Account numbers, one a line/).count(), 0);
      await finance.context().close();
      await page.context().close();
    });

    test("a file of two accounts, one not the bank's: both named, each line's account shown, the other's credits apart, and where each reference was found", async () => {
      const bank = await bankWithToken(rig.service.app, 'Stima Bank');
      const patched = await admin(rig.service.app, 'PATCH', `/clients/${bank.clientId}`, { statementAccounts: [OWN] });
      assert.equal(patched.statusCode, 200, patched.body);
      const inNarration = await acceptedPayment(rig.service.app, bank, {
        amount: '1200.00',
        transactionDate: `${DAY}T09:00:00+03:00`,
      });
      const inReference = await acceptedPayment(rig.service.app, bank, {
        amount: '300.00',
        transactionDate: `${DAY}T10:00:00+03:00`,
      });
      const narrationRef = inNarration.body.transactionReference as string;
      const statement = twoAccounts(
        [
          {
            date: DAY,
            amount: '1200.00',
            credit: true,
            reference: 'B2611200001',
            narration: `MPESA C2B ${narrationRef}`,
          },
          { date: DAY, amount: '300.00', credit: true, reference: inReference.body.transactionReference as string },
        ],
        [{ date: DAY, amount: '250.00', credit: true, reference: 'USD-IN-1', narration: 'WIRE FROM ABROAD' }],
      );
      const page = await signedInPage(rig, await addOperator(rig.service.app, 'finance'));
      await upload(page, 'Stima Bank', 'mt940', statement);
      await page.getByRole('heading', { name: /Stima Bank: statement of/ }).waitFor();

      const accounts = await page.locator('.run-accounts li').allInnerTexts();
      assert.equal(accounts.length, 2);
      assert.match(accounts[0] ?? '', new RegExp(`^${OWN}: 2 lines`));
      assert.doesNotMatch(accounts[0] ?? '', /Not an account of this bank/);
      assert.match(accounts[1] ?? '', new RegExp(`^${OTHER}: 1 line.*Not an account of this bank on file`));

      await page.getByText('The file holds amounts in KES and USD').waitFor();
      const category = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) }).locator('td');
      assert.deepEqual((await category('Matched').allInnerTexts())[0], '2');
      assert.deepEqual((await category('Another account').allInnerTexts())[0], '1');

      await page.getByRole('button', { name: 'Matched' }).click();
      await page.getByText('B2611200001').waitFor();
      const matched = await itemRows(page);
      assert.equal(matched.length, 2);
      assert.match(matched[0] ?? '', new RegExp(`^1 \\| ${OWN} \\(KES\\) \\| .*B2611200001\\s+Found in the narration`));
      assert.match(
        matched[1] ?? '',
        new RegExp(`^2 \\| ${OWN} \\(KES\\) \\| .*Found in the bank reference \\(:61:\\)`),
      );
      assert.deepEqual(await seriousViolations(page), []);
      await screenshots(page, 'reconciliation-accounts-matched');

      await page.getByRole('button', { name: 'Another account' }).click();
      await page.getByText('USD-IN-1').waitFor();
      const other = await itemRows(page);
      assert.equal(other.length, 1);
      assert.match(other[0] ?? '', new RegExp(`^3 \\| ${OTHER} \\(USD\\) \\| .*USD-IN-1`));
      assert.doesNotMatch(other[0] ?? '', /Found in/);
      await screenshots(page, 'reconciliation-accounts-other');
      await page.getByRole('link', { name: "the bank's statement accounts" }).click();
      await page.getByRole('heading', { name: 'Stima Bank' }).waitFor();
      await page.getByText(`Statements are reconciled for ${OWN}.`, { exact: false }).waitFor();
      await page.context().close();
    });

    test("a camt.053 entry with no booking date says the statement's date is used", async () => {
      const bank = await bankWithToken(rig.service.app, 'Credit Bank');
      const paid = await acceptedPayment(rig.service.app, bank, {
        amount: '450.00',
        transactionDate: `${DAY}T09:00:00+03:00`,
      });
      const reference = paid.body.transactionReference as string;
      const statement = camt053(
        [
          { date: DAY_BEFORE, amount: '450.00', credit: true, reference },
          { date: DAY, amount: '90.00', credit: true, reference: 'LOST-90' },
        ],
        { from: DAY_BEFORE, to: DAY },
      )
        .replace(`<BookgDt><Dt>${DAY_BEFORE}</Dt></BookgDt>`, '')
        .replace(`<ValDt><Dt>${DAY_BEFORE}</Dt></ValDt>`, '');
      const page = await signedInPage(rig, await addOperator(rig.service.app, 'finance'));
      await upload(page, 'Credit Bank', 'camt053', statement);
      await page.getByRole('heading', { name: /Credit Bank: statement of/ }).waitFor();
      await page.getByRole('button', { name: 'Matched' }).click();
      await page.getByText(reference).waitFor();
      const [line] = await itemRows(page);
      assert.match(line ?? '', /no date on the statement line: the statement's date is used/);
      assert.match(line ?? '', /Found in the bank's reference \(AcctSvcrRef\)/);
      assert.equal(await page.getByRole('columnheader', { name: 'Account' }).count(), 0, 'one account: no column');
      assert.deepEqual(await seriousViolations(page), []);
      await screenshots(page, 'reconciliation-statement-date');
      await page.getByRole('button', { name: 'Not notified' }).click();
      await page.getByRole('cell', { name: 'LOST-90' }).waitFor();
      const [lost] = await itemRows(page);
      assert.doesNotMatch(lost ?? '', /no date on the statement line/);
      await page.context().close();
    });
  },
);
