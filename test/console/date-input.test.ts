import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signInOnPage } from '../support/console.js';
import { addOperator } from '../support/operators.js';

// A browser set to American English shows a date field as mm/dd/yyyy: 11/05/2026 is the 5th of
// November there and the 11th of May in Nairobi. The console's day fields read and show
// day/month/year whatever the browser's language.

describeConsole('day fields', { timeZone: 'Africa/Nairobi' }, (rig) => {
  test('an American browser types and reads days as day/month/year; a day that is no day says so', async () => {
    const context = await rig.browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await signInOnPage(page, rig, await addOperator(rig.service.app, 'viewer'));
    await page.getByRole('link', { name: 'Payments' }).first().click();
    const from = page.getByLabel('Paid from (day)');
    assert.equal(await from.getAttribute('placeholder'), 'dd/mm/yyyy');
    assert.equal(await from.getAttribute('type'), 'text', 'no browser date field, which follows the browser language');

    await from.fill('5/11/2026');
    await page.getByLabel('Paid up to (day)').fill('11.11.2026');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/from=2026-11-05&to=2026-11-11/);
    // Read back from the address as day/month/year, padded.
    await page.reload();
    await page.getByRole('heading', { name: 'Payments' }).waitFor();
    assert.equal(await page.getByLabel('Paid from (day)').inputValue(), '05/11/2026');
    assert.equal(await page.getByLabel('Paid up to (day)').inputValue(), '11/11/2026');

    await page.getByLabel('Paid from (day)').fill('31/02/2026');
    await page.getByText('Not a day: write day/month/year, like 25/11/2026.').waitFor();
    assert.equal(await page.getByLabel('Paid from (day)').getAttribute('aria-invalid'), 'true');
    // The form is not sent with a day that is no day.
    await page.getByRole('button', { name: 'Search' }).click();
    assert.match(page.url(), /from=2026-11-05/);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'date-input');
    await context.close();
  });

  test("an address whose day is no day gets the service's answer on the page, not a page error", async () => {
    const context = await rig.browser.newContext();
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signInOnPage(page, rig, await addOperator(rig.service.app, 'viewer'));
    await page.goto(`${rig.origin}/console/audit?to=31%2F02%2F2026`);
    await page.getByRole('heading', { name: 'Audit' }).waitFor();
    await page.locator('.problem', { hasText: /\S/ }).first().waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });
});
