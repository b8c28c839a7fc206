import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { screenshots, seriousViolations, tabTo } from '../support/browser.js';
import { MINUTE } from '../support/clock.js';
import { type ConsoleRig, describeConsole, signedInPage } from '../support/console.js';
import { addOperator } from '../support/operators.js';
import { integrateBank, serviceOk } from '../support/service-http.js';

// The service's clock stands at 2026-11-21 08:00 UTC (test/support/clock.ts): 11:00 in Nairobi.

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** The page is no wider than the window: nothing scrolls sideways. */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const texts = async (cells: Locator) => (await cells.allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());

/** The held queue's rows, as read, once it shows `count` of them (the list before a change may still be there). */
async function rows(page: Page, count: number) {
  await page.waitForFunction((n) => document.querySelectorAll('tr.held').length === n, count);
  return texts(page.locator('tr.held'));
}

/** The held queue opened; `memberCalls` keeps every call the page makes for members from then on. */
async function openHeld(rig: ConsoleRig, role: 'viewer' | 'finance', size: (typeof WIDTHS)[number]) {
  const page = await signedInPage(rig, await addOperator(rig.service.app, role));
  await page.setViewportSize(size);
  const memberCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/admin/v1/members')) memberCalls.push(request.url());
  });
  await page.getByRole('link', { name: 'Held payments' }).click();
  return { page, memberCalls };
}

for (const size of WIDTHS) {
  describeConsole(`the held queue as a work list at ${size.width} px`, { timeZone: 'Africa/Nairobi' }, (rig) => {
    before(async () => {
      const token = await integrateBank(rig.origin, 'Equity Bank', '1234567', 'Jane Wanjiru');
      await serviceOk(rig.origin, 'PUT', '/admin/v1/members/7000003', { fullName: 'Achieng Atieno', status: 'closed' });
      const notify = async (body: Record<string, unknown>) => {
        const answer = await fetch(`${rig.origin}/bank/v1/payments`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        assert.equal(answer.status, 404, 'held: no payable member');
      };
      // Named so that neither the references' order nor the amounts' is the order received.
      await notify({
        transactionReference: 'EQ-C-OLDEST',
        paymentType: 'MPESA',
        customerRef: '1234576',
        amount: '2500.00',
        payerName: 'Jane W',
      });
      rig.service.clock.advance(20 * MINUTE);
      await notify({
        transactionReference: 'EQ-B-MIDDLE',
        paymentType: 'RTGS',
        customerRef: '7000003',
        amount: '120.00',
        currency: 'USD',
        payerName: 'Achieng A',
      });
      rig.service.clock.advance(20 * MINUTE);
      await notify({
        transactionReference: 'EQ-A-NEWEST',
        paymentType: 'PESALINK',
        customerRef: '8888888',
        amount: '10.00',
        payerPhone: '254700000001',
      });
    });

    test('oldest first, one row a payment with its reason in words, under the total held per currency and its download; a viewer opens one and sees no form', async () => {
      const { page, memberCalls } = await openHeld(rig, 'viewer', size);
      const found = page.locator('.found', { hasText: '3 held payments: KES 2,510.00 · USD 120.00' });
      await found.waitFor();
      const download = found.getByRole('link', { name: 'Download CSV' });
      assert.equal(await download.getAttribute('href'), '/admin/v1/payments?format=csv&status=held&order=oldest');
      assert.equal(await download.getAttribute('download'), 'held-payments.csv');

      const table = page.getByRole('table');
      assert.deepEqual(await texts(table.getByRole('columnheader')), [
        'Received',
        'Bank',
        'Bank reference',
        'Channel',
        'Member number sent',
        'Payer',
        'Amount',
        'Reason',
      ]);
      await page.locator('tr.held .why', { hasText: 'Member 7000003 Achieng Atieno is closed.' }).waitFor();
      await page.locator('tr.held .why', { hasText: 'did the payer mean 1234567 (Jane Wanjiru)?' }).waitFor();
      assert.deepEqual(await rows(page, 3), [
        '21 Nov 2026, 11:00 40 minutes ago Equity Bank EQ-C-OLDEST MPESA 1234576 Jane W KES 2,500.00 No member 1234576: did the payer mean 1234567 (Jane Wanjiru)?',
        '21 Nov 2026, 11:20 20 minutes ago Equity Bank EQ-B-MIDDLE RTGS 7000003 Achieng A USD 120.00 Member 7000003 Achieng Atieno is closed.',
        '21 Nov 2026, 11:40 less than a minute ago Equity Bank EQ-A-NEWEST PESALINK 8888888 254700000001 KES 10.00 No member 8888888.',
      ]);
      assert.deepEqual(memberCalls, [], 'the rows come with their cases: no call for a member of each');
      const amount = page.locator('tr.held', { hasText: 'EQ-C-OLDEST' }).locator('td.num');
      assert.equal(await amount.evaluate((cell) => getComputedStyle(cell).textAlign), 'right');
      assert.equal(await sideways(page), 0, 'nothing scrolls sideways');
      assert.deepEqual(await seriousViolations(page), []);

      await page.getByRole('button', { name: 'EQ-B-MIDDLE' }).click();
      const panel = page.getByRole('region', { name: 'USD 120.00 from Equity Bank' });
      await panel.locator('.reason strong', { hasText: 'Member 7000003 Achieng Atieno is closed.' }).waitFor();
      const facts = (await panel.locator('.facts').innerText()).replace(/\s+/g, ' ');
      assert.match(facts, /Received 21 Nov 2026, 11:20 \(20 minutes ago\)/);
      assert.match(facts, /Bank reference EQ-B-MIDDLE/);
      assert.match(facts, /Channel RTGS/);
      assert.match(facts, /Member number sent 7000003/);
      assert.match(facts, /Paid by Achieng A/);
      assert.equal(await panel.getByRole('textbox').count(), 0, 'a viewer has no form');
      assert.equal(await page.getByRole('button', { name: /Allocate|Return|Find the member/ }).count(), 0);
      assert.equal(await sideways(page), 0, 'nothing scrolls sideways with the panel open');
      if (size.width === 1280) {
        const [queue, beside] = await Promise.all([page.locator('.held-queue'), panel].map((box) => box.boundingBox()));
        assert.ok(queue && beside && beside.x >= queue.x + queue.width, 'the panel is beside the table');
      }
      assert.deepEqual(await seriousViolations(page), []);
      if (size.width === 1280) await screenshots(page, 'held-queue-viewer');
      await page.setViewportSize(size);

      // A click anywhere on another row shows that payment instead; Close puts the focus on its row's button.
      await page.locator('tr.held', { hasText: 'EQ-A-NEWEST' }).locator('td.num').click();
      const other = page.getByRole('region', { name: 'KES 10.00 from Equity Bank' });
      await other.locator('.reason strong', { hasText: 'No member 8888888.' }).waitFor();
      assert.equal(await panel.count(), 0, 'one panel at a time');
      await other.getByRole('button', { name: 'Close' }).click();
      await other.waitFor({ state: 'detached' });
      const button = page.getByRole('button', { name: 'EQ-A-NEWEST' });
      assert.equal(await button.evaluate((element) => element === document.activeElement), true);
      assert.equal(await button.getAttribute('aria-expanded'), 'false');
      assert.deepEqual(memberCalls, [], 'nor does a panel');
      await page.context().close();
    });

    test('by keyboard alone, finance allocates one and returns another through the panel; both confirmations stay, newest first', async () => {
      const { page } = await openHeld(rig, 'finance', size);
      await rows(page, 3);
      const opener = page.getByRole('button', { name: 'EQ-C-OLDEST' });
      await tabTo(page, opener);
      await page.keyboard.press('Enter');
      const panel = page.getByRole('region', { name: 'KES 2,500.00 from Equity Bank' });
      await panel.waitFor();
      await page.waitForFunction(() => document.activeElement?.id === 'held-panel-title');
      assert.equal(await opener.getAttribute('aria-expanded'), 'true');
      assert.equal(await sideways(page), 0, 'nothing scrolls sideways with the panel open');

      // Escape closes the panel and the focus is back on the row's button; Enter opens it again.
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      assert.equal(await opener.evaluate((button) => button === document.activeElement), true);
      await page.keyboard.press('Enter');
      await tabTo(page, panel.getByLabel('Allocate to member number'));
      await page.keyboard.press('Control+A');
      await page.keyboard.type('1234567');
      await page.keyboard.press('Enter');
      await panel.locator('.member-found', { hasText: '1234567: Jane Wanjiru (active)' }).waitFor();
      await tabTo(page, panel.getByLabel('Note'));
      await page.keyboard.type('Payer swapped two digits');
      await tabTo(page, panel.getByRole('button', { name: 'Allocate to Jane Wanjiru' }));
      await page.keyboard.press('Enter');

      const done = page.getByRole('status').getByRole('listitem');
      await done
        .first()
        .filter({
          hasText: /^Allocated KES 2,500\.00 \(EQ-C-OLDEST, Equity Bank\) to 1234567 Jane Wanjiru: receipt \w{8}$/,
        })
        .waitFor();
      const receipt = done.first().getByRole('link');
      const receiptNumber = await receipt.innerText();
      assert.equal(await receipt.getAttribute('href'), `/console/payments/${receiptNumber}`);
      // The row and its panel are gone: the focus is on what was done.
      await page.waitForFunction(() => document.activeElement?.matches('.cleared li:first-child'));
      await page.locator('.found', { hasText: '2 held payments: KES 10.00 · USD 120.00' }).waitFor();
      assert.equal(
        (await rows(page, 2)).some((row) => row.includes('EQ-C-OLDEST')),
        false,
      );

      const returning = page.getByRole('button', { name: 'EQ-A-NEWEST' });
      await tabTo(page, returning);
      await page.keyboard.press('Enter');
      const second = page.getByRole('region', { name: 'KES 10.00 from Equity Bank' });
      await tabTo(page, second.getByLabel('Note'));
      await page.keyboard.type('Not our member: sent back');
      page.once('dialog', (dialog) => void dialog.accept());
      await tabTo(page, second.getByRole('button', { name: 'Return to the payer' }));
      await page.keyboard.press('Enter');
      await page.locator('.found', { hasText: '1 held payment: USD 120.00' }).waitFor();
      const expected = [
        'Returned KES 10.00 (EQ-A-NEWEST, Equity Bank) to the payer',
        `Allocated KES 2,500.00 (EQ-C-OLDEST, Equity Bank) to 1234567 Jane Wanjiru: receipt ${receiptNumber}`,
      ];
      await done.nth(1).waitFor();
      assert.deepEqual(await texts(done), expected, 'the first stays under the second');
      assert.deepEqual(await rows(page, 1), [
        '21 Nov 2026, 11:20 20 minutes ago Equity Bank EQ-B-MIDDLE RTGS 7000003 Achieng A USD 120.00 Member 7000003 Achieng Atieno is closed.',
      ]);
      assert.equal(await sideways(page), 0, 'nothing scrolls sideways');
      assert.deepEqual(await seriousViolations(page), []);
      if (size.width === 1280) await screenshots(page, 'held-queue-done');
      await page.setViewportSize(size);

      // What was done outlasts the page being read again, and a visit to a payment's page.
      await page.reload();
      await rows(page, 1);
      assert.deepEqual(await texts(done), expected);
      await done.getByRole('link', { name: 'EQ-A-NEWEST' }).click();
      await page.locator('.facts', { hasText: 'returned to the payer' }).waitFor();
      await page.goBack();
      await rows(page, 1);
      assert.deepEqual(await texts(done), expected);
      await page.context().close();
    });
  });
}
