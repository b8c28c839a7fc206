import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { admin, bankWithToken } from '../support/bank.js';
import { screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { acceptedPayment, heldPayment } from '../support/money-desk.js';
import { addOperator } from '../support/operators.js';

// The service's clock stands at 2026-11-21 08:00 UTC (test/support/clock.ts): 11:00 in Nairobi, so
// the last 7 days are 15 to 21 November.

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The table's rows as a person reads them, once it shows the row expected last. */
async function rows(page: Page, last: string): Promise<string[]> {
  const table = page.getByRole('region', { name: 'Daily totals per bank and channel' });
  await table.locator('tr', { hasText: last }).waitFor();
  return (await table.locator('tbody tr').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

describeConsole("the console's daily totals", { timeZone: 'Africa/Nairobi' }, (rig) => {
  before(async () => {
    const app = rig.service.app;
    const equity = await bankWithToken(app, 'Equity Bank');
    const kcb = await bankWithToken(app, 'KCB Bank');
    const on = (day: string) => ({ transactionDate: `${day}T10:00:00+03:00` });
    await acceptedPayment(app, equity, { amount: '1500.50', paymentType: 'MPESA', ...on('2026-11-20') });
    await acceptedPayment(app, equity, { amount: '200.25', paymentType: 'RTGS', ...on('2026-11-20') });
    await acceptedPayment(app, kcb, {
      amount: '120.00',
      currency: 'USD',
      paymentType: 'PESALINK',
      ...on('2026-11-19'),
    });
    await heldPayment(app, kcb, { amount: '75.00', paymentType: 'MPESA', ...on('2026-11-21') });
    const returned = await heldPayment(app, kcb, { amount: '44.00', paymentType: 'MPESA', ...on('2026-11-21') });
    const answer = await admin(app, 'POST', `/payments/${returned.paymentId}/return`, { note: 'refunded' });
    assert.equal(answer.statusCode, 200, answer.body);
    await acceptedPayment(app, equity, { amount: '999.00', paymentType: 'MPESA', ...on('2026-11-10') });
  });

  test('the last 7 days per day, bank, channel and currency, with totals, a CSV of the same and a chart per currency', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Daily totals' }).click();
    await page.getByRole('heading', { name: '15 Nov 2026 to 21 Nov 2026' }).waitFor();
    assert.equal(await page.title(), 'Daily totals · Payments console');
    assert.match(await page.locator('main .note').first().innerText(), /in Africa\/Nairobi/);
    assert.equal(await page.getByLabel('First day').inputValue(), '15/11/2026');
    assert.equal(await page.getByLabel('Last day').inputValue(), '21/11/2026');

    assert.deepEqual(await rows(page, 'Total USD'), [
      '19 Nov 2026 KCB Bank PESALINK 1 USD 120.00 0 USD 0.00 0 USD 0.00',
      '20 Nov 2026 Equity Bank MPESA 1 KES 1,500.50 0 KES 0.00 0 KES 0.00',
      '20 Nov 2026 Equity Bank RTGS 1 KES 200.25 0 KES 0.00 0 KES 0.00',
      '21 Nov 2026 KCB Bank MPESA 0 KES 0.00 1 KES 75.00 1 KES 44.00',
      'Total KES, 15 Nov to 21 Nov 2 KES 1,700.75 1 KES 75.00 1 KES 44.00',
      'Total USD, 15 Nov to 21 Nov 1 USD 120.00 0 USD 0.00 0 USD 0.00',
    ]);

    // The download is the same report: the same rows, in the same order, and the totals.
    const link = page.getByRole('link', { name: 'Download CSV' });
    const href = await link.getAttribute('href');
    assert.equal(href, '/admin/v1/reports/daily?format=csv&from=2026-11-15&to=2026-11-21&groupBy=clientAndPaymentType');
    assert.equal(await link.getAttribute('download'), 'daily-totals-2026-11-15-to-2026-11-21.csv');
    const csv = await page.evaluate(async (url) => (await fetch(url)).text(), href ?? '');
    assert.deepEqual(csv.split('\r\n').filter(Boolean), [
      'date,clientName,paymentType,currency,acceptedCount,acceptedSum,heldCount,heldSum,returnedCount,returnedSum',
      '2026-11-19,KCB Bank,PESALINK,USD,1,120.00,0,0.00,0,0.00',
      '2026-11-20,Equity Bank,MPESA,KES,1,1500.50,0,0.00,0,0.00',
      '2026-11-20,Equity Bank,RTGS,KES,1,200.25,0,0.00,0,0.00',
      '2026-11-21,KCB Bank,MPESA,KES,0,0.00,1,75.00,1,44.00',
      'Total,,,KES,2,1700.75,1,75.00,1,44.00',
      'Total,,,USD,1,120.00,0,0.00,0,0.00',
    ]);

    const charts = page.locator('.currency-chart');
    await charts.nth(1).waitFor();
    assert.deepEqual(await charts.locator('.chart-title').allInnerTexts(), [
      'Accepted per day, KES',
      'Accepted per day, USD',
    ]);
    // The pointer on 20 November, the 6th day of 7: that day's KES, both banks and channels together.
    const kes = page.locator('.currency-chart[data-currency="KES"]');
    const over = kes.locator('.u-over');
    await over.scrollIntoViewIfNeeded();
    const area = await over.boundingBox();
    assert.ok(area);
    await page.mouse.move(area.x + (area.width * 5) / 6, area.y + area.height / 2);
    await kes.locator('.u-legend').getByText('20 Nov 2026').waitFor();
    assert.match((await kes.locator('.u-legend').innerText()).replace(/\s+/g, ' '), /Accepted\s*KES 1,700\.75/);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'daily-totals');

    // On a phone the page is as wide as the screen: the table scrolls inside its own box.
    await page.setViewportSize({ width: 390, height: 844 });
    assert.equal(await overflow(page), 0);
    const box = page.getByRole('region', { name: 'Daily totals per bank and channel' });
    assert.ok(await box.evaluate((element) => element.scrollWidth > element.clientWidth), 'the table scrolls');
    assert.deepEqual(await seriousViolations(page), [], "at a phone's width too");
    await page.context().close();
  });

  test('another range, typed day/month/year or picked, changes the table, the download and the address', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await page.goto(`${rig.origin}/console/daily`);
    await page.getByRole('heading', { name: '15 Nov 2026 to 21 Nov 2026' }).waitFor();
    await page.getByLabel('First day').fill('1/11/2026');
    await page.getByLabel('Last day').fill('10/11/2026');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/\/console\/daily\?from=2026-11-01&to=2026-11-10$/);
    await page.getByRole('heading', { name: '1 Nov 2026 to 10 Nov 2026' }).waitFor();
    assert.deepEqual(await rows(page, 'Total KES, 1 Nov to 10 Nov'), [
      '10 Nov 2026 Equity Bank MPESA 1 KES 999.00 0 KES 0.00 0 KES 0.00',
      'Total KES, 1 Nov to 10 Nov 1 KES 999.00 0 KES 0.00 0 KES 0.00',
    ]);
    assert.equal(
      await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href'),
      '/admin/v1/reports/daily?format=csv&from=2026-11-01&to=2026-11-10&groupBy=clientAndPaymentType',
    );
    assert.deepEqual(await page.locator('.currency-chart .chart-title').allInnerTexts(), ['Accepted per day, KES']);

    await page.getByRole('link', { name: 'Last 30 days' }).click();
    await page.getByRole('heading', { name: '23 Oct 2026 to 21 Nov 2026' }).waitFor();
    assert.equal((await rows(page, 'Total USD')).length, 7, 'the five rows and the two totals');

    // Backwards: the service's words, and no table of the range before.
    await page.getByLabel('First day').fill('21/11/2026');
    await page.getByLabel('Last day').fill('20/11/2026');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByRole('alert').filter({ hasText: 'from: must not be after to' }).waitFor();
    assert.equal(await page.getByRole('region', { name: 'Daily totals per bank and channel' }).count(), 0);

    await page.getByLabel('First day').fill('1/10/2026');
    await page.getByLabel('Last day').fill('2/10/2026');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('No payment was made on these days.').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Download CSV' }).count(), 0);
    await page.setViewportSize({ width: 390, height: 844 });
    assert.equal(await overflow(page), 0);
    assert.deepEqual(await seriousViolations(page), []);
    await page.context().close();
  });
});
