import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { addOperator } from '../support/operators.js';
import { integrateBank, serviceOk } from '../support/service-http.js';
import type { TestApp } from '../support/test-app.js';

// The service's clock stands at 2026-11-21 08:00 UTC (test/support/clock.ts): "today" is its day.

describeConsole("the console's dashboard", { timeZone: 'Africa/Nairobi' }, (rig) => {
  let service: TestApp;
  let origin: string;
  before(async () => {
    ({ service, origin } = rig);
  });

  const pay = (token: string, body: Record<string, unknown>) =>
    serviceOk(origin, 'POST', '/bank/v1/payments', body, token);
  const recordBankCalls = () =>
    service.app.services
      .jobs(undefined)
      .find((job) => job.name === 'record-bank-calls')
      ?.run();

  test('shows today and this month per bank and channel, the oldest held payment, and which banks called', async () => {
    const equity = await integrateBank(origin, 'Equity Bank', '1234567', 'Jane Wanjiru');
    // Today (in Nairobi) by M-Pesa, earlier this month by RTGS, and one held for an unknown member.
    await pay(equity, {
      transactionReference: 'EQ-1',
      paymentType: 'MPESA',
      customerRef: '1234567',
      amount: '1500.50',
    });
    await pay(equity, {
      transactionReference: 'EQ-2',
      paymentType: 'RTGS',
      customerRef: '1234567',
      amount: '200.25',
      transactionDate: '2026-11-03T09:00:00+03:00',
    });
    await recordBankCalls();
    service.clock.advance(2 * 3_600_000);
    const kcb = await integrateBank(origin, 'KCB Bank', '2345678', 'John Otieno');
    const held = await fetch(`${origin}/bank/v1/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${kcb}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        transactionReference: 'KCB-1',
        paymentType: 'PESALINK',
        customerRef: '9999999',
        amount: '75.00',
      }),
    });
    assert.equal(held.status, 404, 'a payment for an unknown member is refused to the bank and held');
    service.clock.advance(5 * 60_000);
    await recordBankCalls();

    const page = await signedInPage(rig, await addOperator(service.app, 'viewer'));
    const figure = async (label: string) =>
      (await page.locator('.figure', { hasText: label }).locator('.value').innerText()).replace(/\s+/g, ' ');
    await page.locator('.figure', { hasText: 'Accepted this month' }).waitFor();
    assert.equal(await figure('Accepted today'), 'KES 1,500.50 (1 payment)');
    assert.equal(await figure('Held today'), 'KES 75.00 (1 payment)');
    assert.equal(await figure('Accepted this month'), 'KES 1,700.75 (2 payments)');
    assert.match(await figure('Oldest held payment'), /^5 minutes received 21 Nov 2026, 13:00\./);

    const banks = page.locator('.bank-calls li');
    assert.match(await banks.filter({ hasText: 'KCB Bank' }).innerText(), /called 5 minutes ago/);
    assert.match(await banks.filter({ hasText: 'Equity Bank' }).innerText(), /has not called in the last hour/);

    const row = (caption: string, name: string) =>
      page.locator('table', { has: page.locator('caption', { hasText: caption }) }).locator('tr', { hasText: name });
    assert.deepEqual(await row('Per bank', 'Equity Bank').locator('td').allInnerTexts(), [
      'KES 1,500.50 (1 payment)',
      'none',
      'KES 1,700.75 (2 payments)',
      'none',
    ]);
    assert.deepEqual(await row('Per channel', 'PESALINK').locator('td').allInnerTexts(), [
      'none',
      'KES 75.00 (1 payment)',
      'none',
      'KES 75.00 (1 payment)',
    ]);
    assert.deepEqual(await row('Per channel', 'RTGS').locator('td').allInnerTexts(), [
      'none',
      'none',
      'KES 200.25 (1 payment)',
      'none',
    ]);
    assert.deepEqual(await seriousViolations(page), []);
    await page.setViewportSize({ width: 390, height: 844 });
    assert.deepEqual(await seriousViolations(page), [], "at a phone's width too, where the tables scroll");
    await screenshots(page, 'dashboard-figures');
    await page.context().close();
  });

  test('the daily chart draws each currency apart, and hovering a day shows its figure in words', async () => {
    const token = await integrateBank(origin, 'Stanbic Bank', '3456789', 'Grace Muthoni');
    const paid = (reference: string, amount: string, currency: string, day: string) =>
      pay(token, {
        transactionReference: reference,
        paymentType: 'RTGS',
        customerRef: '3456789',
        amount,
        currency,
        transactionDate: `${day}T09:00:00+03:00`,
      });
    await paid('SB-KES-1', '1490000.00', 'KES', '2026-11-05');
    await paid('SB-USD-1', '120.00', 'USD', '2026-11-05');

    const page = await signedInPage(rig, await addOperator(service.app, 'viewer'));
    const charts = page.locator('.currency-chart');
    await charts.first().waitFor();
    assert.deepEqual(await charts.locator('.chart-title').allInnerTexts(), [
      'Accepted per day, KES',
      'Accepted per day, USD',
    ]);

    // The cursor on 5 November of the USD chart: its own figure, not the KES one, the day day first.
    const usd = page.locator('.currency-chart[data-currency="USD"]');
    const over = usd.locator('.u-over');
    await over.scrollIntoViewIfNeeded();
    const box = await over.boundingBox();
    assert.ok(box);
    // The last 30 days run from 23 Oct to 21 Nov: 5 Nov is the 14th point of 30.
    await page.mouse.move(box.x + (box.width * 13) / 29, box.y + box.height / 2);
    // The legend follows the pointer on the next frame.
    await usd.locator('.u-legend').getByText('5 Nov 2026').waitFor();
    const legend = (await usd.locator('.u-legend').innerText()).replace(/\s+/g, ' ');
    assert.match(legend, /5 Nov 2026/);
    assert.match(legend, /Accepted\s*USD 120\.00/);
    assert.doesNotMatch(legend, /1,490,000/);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'dashboard-chart');
    await page.context().close();
  });
});
