import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { addOperator } from '../support/operators.js';
import { integrateBank, serviceOk } from '../support/service-http.js';

// The service's clock stands at 2026-11-21 08:00 UTC (test/support/clock.ts): 11:00 in Nairobi.

describeConsole("the console's payments by the day paid", { timeZone: 'Africa/Nairobi' }, (rig) => {
  before(async () => {
    const token = await integrateBank(rig.origin, 'Equity Bank', '1234567', 'Jane Wanjiru');
    const pay = (body: Record<string, unknown>) =>
      serviceOk(
        rig.origin,
        'POST',
        '/bank/v1/payments',
        { paymentType: 'MPESA', customerRef: '1234567', ...body },
        token,
      );
    // Paid late on the 20th, notified on the 21st; and one paid this morning.
    await pay({ transactionReference: 'EQ-LATE', amount: '300.00', transactionDate: '2026-11-20T23:30:00+03:00' });
    await pay({ transactionReference: 'EQ-TODAY', amount: '45.00', transactionDate: '2026-11-21T10:50:00+03:00' });
  });

  /** The rows found, once the list shows as many as expected (the list before the search may still be there). */
  const rows = async (page: import('playwright-core').Page, expected: number) => {
    const table = page.getByRole('table');
    await page.waitForFunction((n) => document.querySelectorAll('tbody tr').length === n, expected);
    return (await table.locator('tbody tr').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
  };

  test('a search by day finds what was paid that day, with the time received beside it when it was another day', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await page.getByRole('link', { name: 'Payments' }).first().click();
    await page.getByLabel('Paid from (day)').fill('2026-11-20');
    await page.getByLabel('Paid up to (day)').fill('2026-11-20');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/from=2026-11-20/);
    const found = await rows(page, 1);
    assert.equal(found.length, 1, JSON.stringify(found));
    await page.locator('.found', { hasText: '1 payment: KES 300.00' }).waitFor();
    assert.match(found[0] ?? '', /^20 Nov 2026, 23:30 Received 21 Nov 2026, 11:00 Accepted 21 Nov 2026, 11:00 /);
    assert.match(found[0] ?? '', /KES 300\.00/);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'payments-by-day');

    await page.getByRole('link', { name: '20 Nov 2026, 23:30' }).click();
    const facts = page.locator('dl.facts');
    await facts.waitFor();
    const text = (await facts.innerText()).replace(/\s+/g, ' ');
    assert.match(text, /Paid 20 Nov 2026, 23:30 Received 21 Nov 2026, 11:00 Accepted 21 Nov 2026, 11:00/);
    await page.context().close();
  });

  test('a part of the bank reference, in any case, finds the payment; the figure above says how many', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await page.getByRole('link', { name: 'Payments' }).first().click();
    await page.getByLabel('Reference, member, payer or phone').fill('q-la');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/q=q-la/);
    const found = await rows(page, 1);
    assert.match(found[0] ?? '', /EQ-LATE/);
    await page.locator('.found', { hasText: '1 payment: KES 300.00' }).waitFor();
    await screenshots(page, 'payments-text-search');
    await page.context().close();
  });

  test("the dashboard's today links to the same day's payments, and they add up to its figure", async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    const today = page.locator('.figure', { hasText: 'Accepted today' });
    assert.equal((await today.locator('.value').innerText()).replace(/\s+/g, ' '), 'KES 45.00 (1 payment)');
    await today.getByRole('link', { name: 'List them' }).click();
    await page.waitForURL(/status=accepted&from=2026-11-21&to=2026-11-21/);
    const found = await rows(page, 1);
    assert.equal(found.length, 1, JSON.stringify(found));
    assert.match(found[0] ?? '', /^21 Nov 2026, 10:50 .*KES 45\.00/);
    assert.doesNotMatch(found[0] ?? '', /Received/, 'received the day it was paid: nothing beside it');
    await page.context().close();
  });

  test("a payment's page shows the bank's notification exactly as it came, amount 2500.50 included", async () => {
    const token = await integrateBank(rig.origin, 'KCB', '7654321', 'Otieno Kamau');
    const sent =
      '{"transactionReference":"KCB-RAW-1", "customerRef":"7654321","amount":2500.50,' +
      '"paymentType":"MPESA","transactionDate":"2026-11-21T09:00:00+03:00"}';
    const response = await fetch(`${rig.origin}/bank/v1/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: sent,
    });
    assert.equal(response.status, 200);
    const { erpRefId } = (await response.json()) as { erpRefId: string };
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await page.goto(`${rig.origin}/console/payments/${erpRefId}`);
    assert.equal(await page.locator('pre.raw').innerText(), sent);
    await page.context().close();
  });
});
