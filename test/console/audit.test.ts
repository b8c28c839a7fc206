import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { addOperator, apiToken, signIn } from '../support/operators.js';
import { integrateBank, serviceOk } from '../support/service-http.js';

// The service's clock stands at 2026-11-21 08:00 UTC (test/support/clock.ts): 11:00 in Nairobi.

describeConsole("the console's audit, in sentences", { timeZone: 'Africa/Nairobi' }, (rig) => {
  let grace: Awaited<ReturnType<typeof addOperator>>;
  let reference: string;
  let receipt: string;

  // Grace, an admin, does a morning's work through the API with a token of her own: the audit names her.
  before(async () => {
    const app = rig.service.app;
    grace = await addOperator(app, 'admin');
    await serviceOk(rig.origin, 'PATCH', `/admin/v1/operators/${grace.operatorId}`, { name: 'Grace Njeri' });
    const { token } = await apiToken(app, await signIn(app, grace.email, grace.password), 'morning work');
    const as = (method: string, path: string, body?: unknown) =>
      serviceOk(rig.origin, method, `/admin/v1${path}`, body, token);

    const peter = await as('POST', '/operators', {
      email: 'peter.kamau@sacco.example',
      name: 'Peter Kamau',
      role: 'viewer',
    });
    await as('PATCH', `/operators/${peter.operatorId}`, { role: 'finance' });
    const bank = await as('POST', '/clients', { name: 'Equity Bank' });
    await as('POST', `/clients/${bank.clientId}/secrets`);

    const bankToken = await integrateBank(rig.origin, 'Co-operative Bank', '1234567', 'Jane Wanjiru');
    reference = 'CO-TYPO-7';
    const held = await fetch(`${rig.origin}/bank/v1/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bankToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        transactionReference: reference,
        paymentType: 'MPESA',
        customerRef: '7654321',
        amount: '2500.00',
      }),
    });
    assert.equal(held.status, 404);
    const { items } = await as('GET', `/payments?transactionReference=${reference}`);
    const allocated = await as('POST', `/payments/${items[0].paymentId}/allocate`, {
      customerRef: '1234567',
      note: 'The payer mistyped the member number; a very long note that goes on to say which branch called and when, so the column must wrap it',
    });
    receipt = allocated.erpRefId;
  });

  /** The rows shown, once the list has as many as the figure above it says. */
  const rowsOf = async (page: Page) => {
    const count = Number(
      (await page.locator('.found span').innerText()).match(/^([\d,]+) record/)?.[1]?.replace(',', ''),
    );
    await page.waitForFunction((n) => document.querySelectorAll('table.audit tbody tr').length === n, count);
    return (await page.locator('table.audit tbody tr').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim());
  };

  /** Each record's time takes one line, and no cell hides what it holds. */
  const assertReadable = async (page: Page, width: number) => {
    const layout = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      times: [...document.querySelectorAll('table.audit td.when time')].map((time) => time.getClientRects().length),
      hidden: [...document.querySelectorAll('table.audit td')]
        .filter((cell) => cell.scrollWidth > cell.clientWidth + 1 || getComputedStyle(cell).textOverflow === 'ellipsis')
        .map((cell) => cell.textContent),
    }));
    assert.ok(layout.page <= width, `the page is ${layout.page} px wide at ${width}`);
    assert.ok(layout.times.length > 0 && layout.times.every((lines) => lines === 1), `times on one line at ${width}`);
    assert.deepEqual(layout.hidden, [], `nothing cut off at ${width}`);
  };

  test('each record says what was done in a sentence, naming people, banks and payments, with when and who', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await page.goto(`${rig.origin}/console/audit?operator=${encodeURIComponent(grace.email)}`);
    await page.getByRole('heading', { name: 'Audit' }).waitFor();
    await page.locator('.found', { hasText: /^9 records/ }).waitFor();
    const rows = await rowsOf(page);
    assert.equal(rows.length, 9);
    const when = '21 Nov 2026, 11:00';
    const expected = [
      `allocated held payment ${reference} (KES 2,500.00) to member 1234567 Jane Wanjiru, receipt ${receipt}: “The payer mistyped`,
      'issued a new secret for Equity Bank; its hand-over link works until 24 Nov 2026, 11:00',
      'added the bank Equity Bank',
      'changed the role of Peter Kamau from viewer to finance',
      'made an invite link for Peter Kamau, valid until 24 Nov 2026, 11:00',
      'added the operator Peter Kamau (peter.kamau@sacco.example) as viewer',
      'made the API token “morning work”, valid until',
      'signed in',
      'set their password through an invite link',
    ];
    expected.forEach((sentence, i) => {
      assert.ok(rows[i]?.startsWith(`${when} Grace Njeri ${grace.email} ${sentence}`), `${rows[i]}\n!= ${sentence}`);
    });
    // What a record names links to its page: the bank, the payment.
    await page.getByRole('link', { name: 'Equity Bank' }).first().waitFor();
    assert.match(
      (await page.getByRole('link', { name: reference }).getAttribute('href')) ?? '',
      /^\/console\/payments\/\d+$/,
    );

    const download = page.locator('.found a', { hasText: 'Download CSV' });
    const href = (await download.getAttribute('href')) ?? '';
    assert.equal(href, `/admin/v1/audit?format=csv&operator=${encodeURIComponent(grace.email)}&order=newest`);
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    assert.equal(file.suggestedFilename(), 'audit.csv');
    const lines = (await readFile(await file.path(), 'utf8')).trimEnd().split('\r\n');
    assert.equal(lines.length, 1 + 9, 'the records the page counts, and the header');
    assert.match(lines[1] ?? '', /^2026-11-21T08:00:00\.000Z,2026-11-21 11:00,Grace Njeri \(.*\),payment\.allocated,/);

    await page.setViewportSize({ width: 1280, height: 800 });
    await assertReadable(page, 1280);
    assert.deepEqual(await seriousViolations(page), []);
    await page.setViewportSize({ width: 390, height: 844 });
    await assertReadable(page, 390);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'audit-sentences');
    await page.context().close();
  });

  test('the count and the download follow the filter', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await page.getByRole('link', { name: 'Audit' }).click();
    await page.getByLabel('What').selectOption({ label: 'Payments, reconciliation and exports' });
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/action=payment/);
    await page.locator('.found', { hasText: /^1 record\.Download CSV$/ }).waitFor();
    const rows = await rowsOf(page);
    assert.equal(rows.length, 1);
    assert.match(rows[0] ?? '', /allocated held payment CO-TYPO-7 \(KES 2,500\.00\)/);
    const href = (await page.locator('.found a').getAttribute('href')) ?? '';
    assert.equal(new URL(href, rig.origin).searchParams.get('action'), 'payment,reconciliation,export_feed');
    assert.equal(new URL(href, rig.origin).searchParams.get('format'), 'csv');
    await page.context().close();
  });
});
