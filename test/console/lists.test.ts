import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { atWidth, overflow, screenshots, seriousViolations, WIDTHS } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { addOperator } from '../support/operators.js';
import { callService, integrateBank, serviceOk } from '../support/service-http.js';

// The payments and members lists as a finance officer works with them: any kind of search finds the
// payment, the count above a list is of every page, and "Download CSV" downloads exactly that list.

/** Nothing wider than the window, and nothing axe-core calls serious or critical. */
async function assertFitsAndPasses(page: Page, width: number) {
  assert.equal(await overflow(page), 0, `nothing wider than ${width} px`);
  assert.deepEqual(await seriousViolations(page), []);
}

/** The list's "Download CSV" link clicked, and the file it saved: its name and its rows. */
async function download(page: Page) {
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('.found').getByRole('link', { name: 'Download CSV' }).click(),
  ]);
  const path = await saved.path();
  const rows: Record<string, string>[] = parse(await readFile(path, 'utf8'), { columns: true });
  return { file: saved.suggestedFilename(), rows };
}

describeConsole("the console's lists", { timeZone: 'Africa/Nairobi' }, (rig) => {
  before(async () => {
    const token = await integrateBank(rig.origin, 'Equity Bank', '2345678', 'Jane Wanjiru');
    await serviceOk(rig.origin, 'PUT', '/admin/v1/members/2345679', { fullName: 'Brian Otieno', status: 'active' });
    await serviceOk(rig.origin, 'POST', '/bank/v1/validate', { customerRef: '2345679' }, token);
    const pay = (body: Record<string, unknown>) =>
      callService(rig.origin, 'POST', '/bank/v1/payments', { paymentType: 'MPESA', amount: '100.00', ...body }, token);
    await pay({
      transactionReference: 'EQ-SRCH-Ab12',
      customerRef: '2345678',
      amount: '2500.50',
      payerName: 'Faith Akinyi',
      payerPhone: '0712 345 678',
      transactionDate: '2026-11-20T09:00:00+03:00',
    });
    await pay({ transactionReference: 'EQ-OTHER-77', customerRef: '2345679', payerName: 'Brian O' });
    // No such member: held.
    await pay({ transactionReference: 'EQ-HELD-9', customerRef: '2345999', amount: '75.00', payerName: '=1+2' });
    for (let n = 0; n < 3; n++) {
      const number = `23460${n}0`;
      await serviceOk(rig.origin, 'PUT', `/admin/v1/members/${number}`, {
        fullName: `Wanjiru Member ${n}`,
        status: n === 2 ? 'suspended' : 'active',
      });
    }
  });

  /** The rows found, once the list shows as many as expected (the list before the search may still be there). */
  const rows = async (page: Page, expected: number) => {
    await page.waitForFunction((n) => document.querySelectorAll('tbody tr').length === n, expected);
    return (await page.getByRole('table').locator('tbody tr').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
  };

  test('a payment is found by part of its bank reference in any case, member number or name, payer name or phone', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    for (const width of WIDTHS) {
      await atWidth(page, width);
      for (const q of ['srch-ab', 'SRCH-AB', '2345678', 'wanjiru', 'akinyi', '712345678', '0712 345']) {
        await page.goto(`${rig.origin}/console/payments`);
        await page.getByLabel('Reference, member, payer or phone').fill(q);
        await page.getByRole('button', { name: 'Search' }).click();
        await page.waitForURL((url) => url.searchParams.get('q') === q);
        const found = await rows(page, 1);
        assert.match(found[0] ?? '', /EQ-SRCH-Ab12/, `${q} at ${width}`);
        await page.locator('.found', { hasText: '1 payment: KES 2,500.50' }).waitFor();
      }
      await assertFitsAndPasses(page, width);
    }
    await page.context().close();
  });

  test('"Download CSV" beside the count downloads every payment the search finds, and only those', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    for (const width of WIDTHS) {
      await atWidth(page, width);
      await page.goto(`${rig.origin}/console/payments?q=eq-&status=accepted`);
      await page.locator('.found', { hasText: '2 payments: KES 2,600.50' }).waitFor();
      const link = page.locator('.found').getByRole('link', { name: 'Download CSV' });
      assert.equal(await link.getAttribute('href'), '/admin/v1/payments?format=csv&q=eq-&status=accepted');
      const { file, rows: saved } = await download(page);
      assert.equal(file, 'payments-accepted.csv');
      assert.deepEqual(
        saved.map((row) => [row.transactionReference, row.memberName, row.amount, row.paidOn, row.status]),
        [
          ['EQ-OTHER-77', 'Brian Otieno', '100.00', saved[0]?.paidOn, 'accepted'],
          ['EQ-SRCH-Ab12', 'Jane Wanjiru', '2500.50', '2026-11-20 09:00', 'accepted'],
        ],
      );
      await assertFitsAndPasses(page, width);
    }
    await screenshots(page, 'payments-download');

    // The held ones: a payer name a spreadsheet would run is written so it cannot.
    await page.goto(`${rig.origin}/console/payments?status=held`);
    await page.locator('.found', { hasText: '1 payment: KES 75.00' }).waitFor();
    const held = await download(page);
    assert.equal(held.file, 'payments-held.csv');
    assert.deepEqual(
      held.rows.map((row) => [row.transactionReference, row.customerRef, row.payerName, row.heldReason]),
      [['EQ-HELD-9', '2345999', "'=1+2", 'customer_not_payable']],
    );
    await page.context().close();
  });

  test('the members list says how many members the search finds and downloads them, at both widths', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    for (const width of WIDTHS) {
      await atWidth(page, width);
      await page.goto(`${rig.origin}/console/members`);
      await page.getByLabel('Number or name').fill('wanjiru');
      await page.getByRole('button', { name: 'Find' }).click();
      await page.waitForURL(/q=wanjiru/);
      await rows(page, 4);
      await page.locator('.found', { hasText: '4 members.' }).waitFor();
      await page.getByRole('cell', { name: 'suspended' }).waitFor();
      const { file, rows: saved } = await download(page);
      assert.equal(file, 'members-wanjiru.csv');
      assert.deepEqual(
        saved.map((row) => [row.customerRef, row.fullName, row.status]),
        [
          ['2345678', 'Jane Wanjiru', 'active'],
          ['2346000', 'Wanjiru Member 0', 'active'],
          ['2346010', 'Wanjiru Member 1', 'active'],
          ['2346020', 'Wanjiru Member 2', 'suspended'],
        ],
      );
      await assertFitsAndPasses(page, width);
    }
    await screenshots(page, 'members-found');

    // Another search: its own count and its own file, never the last one's.
    await page.getByLabel('Status').selectOption('suspended');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.waitForURL(/status=suspended/);
    await page.locator('.found', { hasText: '1 member.' }).waitFor();
    const suspended = await download(page);
    assert.equal(suspended.file, 'members-suspended-wanjiru.csv');
    assert.deepEqual(
      suspended.rows.map((row) => row.customerRef),
      ['2346020'],
    );
    await page.context().close();
  });
});
