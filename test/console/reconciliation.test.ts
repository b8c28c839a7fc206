import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { bankWithToken, putMember } from '../support/bank.js';
import { screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { acceptedPayment, mt940 } from '../support/money-desk.js';
import { addOperator } from '../support/operators.js';
import { callService } from '../support/service-http.js';

const DAY = '2026-11-20';

describeConsole("the console's reconciliation", {}, (rig) => {
  test('finance reconciles a statement, records the line never notified, and downloads the report', async () => {
    const bank = await bankWithToken(rig.service.app, 'Equity Bank');
    const paid = await acceptedPayment(rig.service.app, bank, {
      amount: '1500.50',
      transactionDate: `${DAY}T10:00:00Z`,
    });
    await putMember(rig.service.app, '7000001', 'Wanjiru Kamau');
    const statement = mt940(
      [
        { date: DAY, amount: '1500.50', credit: true, reference: paid.body.transactionReference as string },
        { date: DAY, amount: '999.99', credit: true, reference: 'LOST-1' },
        { date: DAY, amount: '150.00', credit: false, reference: 'CHG1', narration: 'ACCOUNT SERVICE FEE' },
      ],
      { from: DAY, to: DAY },
    );

    const page = await signedInPage(rig, await addOperator(rig.service.app, 'finance'));
    await page.getByRole('link', { name: 'Reconciliation' }).click();
    await page.getByLabel('Bank').selectOption({ label: 'Equity Bank' });
    await page.getByLabel('Format').selectOption('mt940');
    await page
      .getByLabel('Statement file')
      .setInputFiles({ name: 'statement.sta', mimeType: 'text/plain', buffer: Buffer.from(statement) });
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'reconciliations');
    await page.getByRole('button', { name: 'Reconcile' }).click();
    await page.getByRole('heading', { name: `Equity Bank: statement of 20 Nov 2026 to 20 Nov 2026` }).waitFor();

    const category = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) }).locator('td');
    assert.deepEqual((await category('Matched').allInnerTexts()).slice(0, 2), ['1', 'KES 1,500.50']);
    assert.deepEqual((await category('Not notified').allInnerTexts()).slice(0, 2), ['1', 'KES 999.99']);
    assert.deepEqual((await category('Debits').allInnerTexts()).slice(0, 2), ['1', 'KES 150.00']);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'reconciliation');

    await page.getByText('Record the payment').click();
    await page.getByLabel('Member number to credit').fill('7000001');
    await page.getByLabel('Note').fill('Paid at the branch; notification lost');
    await page.getByRole('button', { name: 'Find the member' }).click();
    await page.getByRole('button', { name: 'Record for Wanjiru Kamau' }).click();
    const said = await page.getByRole('status').filter({ hasText: 'Line 2 recorded for Wanjiru Kamau' }).innerText();
    const receipt = /receipt (\w{8})/.exec(said)?.[1] ?? '';
    const recorded = await callService(rig.origin, 'GET', `/admin/v1/payments/${receipt}`);
    assert.equal(recorded.status, 200);
    assert.equal(recorded.body.source, 'statement');
    assert.equal(recorded.body.amount, '999.99');
    assert.equal(recorded.body.memberNumber, '7000001');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the report (CSV)' }).click(),
    ]);
    const csv = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
    assert.equal(csv.length, 4, 'a header and the three lines');
    assert.match(csv[0] ?? '', /category/);
    assert.ok(csv.some((row) => row.includes('LOST-1')));
    await page.context().close();
  });

  test('a viewer sees the reconciliations but no upload and no way to record', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await page.getByRole('link', { name: 'Reconciliation' }).click();
    await page.getByRole('link', { name: 'Equity Bank' }).click();
    await page.getByRole('heading', { name: /Equity Bank: statement/ }).waitFor();
    assert.equal(await page.getByText('Record the payment').count(), 0);
    await page.getByRole('link', { name: 'All reconciliations' }).click();
    await page.getByRole('heading', { name: 'Statements reconciled' }).waitFor();
    assert.equal(await page.getByLabel('Statement file').count(), 0);
    await page.context().close();
  });
});
