import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import type { Download, Page } from 'playwright-core';
import { admin, bankWithToken } from '../support/bank.js';
import { screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { acceptedPayment, type Bank, exportRecords } from '../support/money-desk.js';
import { addOperator } from '../support/operators.js';

// The service's clock stands at 2026-11-21 08:00 UTC (test/support/clock.ts): 11:00 in Nairobi.

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The receipts in a downloaded CSV file, in its order. */
async function receiptsIn(download: Download): Promise<string[]> {
  const lines = readFileSync(await download.path(), 'utf8')
    .split('\r\n')
    .filter(Boolean);
  assert.match(lines[0] ?? '', /^erpRefId,transactionReference,/);
  return lines.slice(1).map((line) => line.split(',')[0] ?? '');
}

/** Clicks and waits for the file the click saves. */
async function downloadOf(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return download;
}

describeConsole("the console's ERP feeds", { timeZone: 'Africa/Nairobi' }, (rig) => {
  let bank: Bank;
  let before1: string[];
  before(async () => {
    bank = await bankWithToken(rig.service.app, 'Equity Bank');
    before1 = [
      (await acceptedPayment(rig.service.app, bank, { amount: '1500.50' })).erpRefId,
      (await acceptedPayment(rig.service.app, bank, { amount: '200.00' })).erpRefId,
    ];
  });

  test('finance makes and names a feed, downloads its batches, sees each in the list, and downloads one again', async () => {
    const operator = await addOperator(rig.service.app, 'finance');
    const page = await signedInPage(rig, operator);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Exports' }).click();
    await page.getByText('No feed yet:').waitFor();

    await page.getByLabel('Name').fill('erp-daily');
    await page.getByLabel('every payment accepted so far').check();
    await page.getByRole('button', { name: 'Make the feed' }).click();
    await page.getByRole('status').filter({ hasText: 'Feed erp-daily made' }).waitFor();
    const feed = page.locator('.feed', { has: page.getByRole('heading', { name: 'erp-daily' }) });
    await feed.getByText('No batch taken yet.').waitFor();
    assert.match(await feed.innerText(), /Downloading moves the feed on/);

    // Its first batch: every payment accepted so far.
    const first = await downloadOf(page, () => feed.getByRole('button', { name: 'Download the next batch' }).click());
    assert.equal(first.suggestedFilename(), 'erp-daily-batch-1-2026-11-21.csv');
    const firstReceipts = await receiptsIn(first);
    assert.deepEqual(firstReceipts, before1);
    await feed
      .getByRole('status')
      .filter({ hasText: `Saved erp-daily-batch-1-2026-11-21.csv: 2 payments, up to receipt ${before1[1]}.` })
      .waitFor();
    await feed.getByText(`Last batch: no. 1, taken 21 Nov 2026, 11:00 by ${operator.email}: 2 payments`).waitFor();
    const batches = feed.getByRole('region', { name: 'Batches of erp-daily' });
    await batches.locator('tbody tr').first().waitFor();
    assert.deepEqual(
      (await batches.locator('tbody tr').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim()),
      [`1 21 Nov 2026, 11:00 ${operator.email} 2 ${before1[1]} Download again`],
    );

    // The next batch holds only what was accepted since.
    const later = (await acceptedPayment(rig.service.app, bank, { amount: '75.00' })).erpRefId;
    const second = await downloadOf(page, () => feed.getByRole('button', { name: 'Download the next batch' }).click());
    assert.deepEqual(await receiptsIn(second), [later]);
    await batches.locator('tbody tr', { hasText: later }).waitFor();
    assert.equal(await batches.locator('tbody tr').count(), 2);
    assert.match(await batches.locator('tbody tr').first().innerText(), /^2\s/);

    // Nothing new: no file, no batch, and the feed stays.
    await feed.getByRole('button', { name: 'Download the next batch' }).click();
    await feed.getByRole('status').filter({ hasText: 'No payment has been accepted since the last batch' }).waitFor();
    assert.equal(await batches.locator('tbody tr').count(), 2);

    // A lost file: batch 1 again, the same payments, and the feed does not move.
    const again = await downloadOf(page, () => batches.getByRole('link', { name: 'Download again, batch 1' }).click());
    assert.deepEqual(await receiptsIn(again), firstReceipts);
    const feeds = JSON.parse((await admin(rig.service.app, 'GET', '/export-feeds')).body);
    assert.equal(feeds[0].lastBatch.number, 2);

    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'exports-feeds');
    await page.setViewportSize({ width: 390, height: 844 });
    assert.equal(await overflow(page), 0);
    assert.deepEqual(await seriousViolations(page), [], "at a phone's width too");

    // A name taken already: the service's words.
    await page.getByLabel('Name').fill('erp-daily');
    await page.getByRole('button', { name: 'Make the feed' }).click();
    await page.getByRole('alert').filter({ hasText: 'A feed named erp-daily exists already' }).waitFor();
    await page.context().close();
  });

  test('when two people download a feed at once, the one who finishes second is told, and saves nothing', async () => {
    const app = rig.service.app;
    assert.equal((await admin(app, 'POST', '/export-feeds', { name: 'both', start: 'now' })).statusCode, 201);
    const mine = (await acceptedPayment(app, bank, { amount: '10.00' })).erpRefId;
    const operator = await addOperator(app, 'finance');
    const page = await signedInPage(rig, operator);
    await page.goto(`${rig.origin}/console/exports`);
    const feed = page.locator('.feed', { has: page.getByRole('heading', { name: 'both' }) });
    await feed.getByText('No batch taken yet.').waitFor();

    // This page's export arrives only after someone else has taken the same batch and moved the feed.
    await page.route('**/admin/v1/payments/export?*feed=both*', async (route) => {
      const response = await route.fetch();
      const theirs = await exportRecords(app, { feed: 'both' });
      const moved = await admin(app, 'PUT', '/export-feeds/both', {
        cursor: theirs.nextCursor,
        previous: theirs.feedCursor ?? null,
      });
      assert.equal(moved.statusCode, 200, moved.body);
      await route.fulfill({ response });
    });
    const saved: Download[] = [];
    page.on('download', (download) => saved.push(download));
    await feed.getByRole('button', { name: 'Download the next batch' }).click();
    await feed.getByRole('alert').filter({ hasText: 'Someone else downloaded this feed at the same moment' }).waitFor();
    assert.match(await feed.getByRole('alert').innerText(), /Yours was not saved, so no payment reaches the ERP twice/);
    // Their batch is the one listed, with their name and the payment.
    await feed.getByText('Last batch: no. 1, taken 21 Nov 2026, 11:00 by owner token').waitFor();
    const batches = feed.getByRole('region', { name: 'Batches of both' });
    await batches.locator('tbody tr', { hasText: mine }).waitFor();
    assert.equal(await batches.locator('tbody tr').count(), 1);
    assert.deepEqual(saved, [], 'no file was saved');
    assert.deepEqual(await seriousViolations(page), []);
    await page.setViewportSize({ width: 390, height: 844 });
    assert.equal(await overflow(page), 0);
    await screenshots(page, 'exports-feed-taken-meanwhile');
    await page.context().close();
  });
});
