import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { addOperator } from '../support/operators.js';
import { callService, integrateBank, serviceOk } from '../support/service-http.js';
import { type Receiver, startReceiver } from '../support/webhook-receiver.js';

// The service's clock stands at 2026-11-21 08:00 UTC (test/support/clock.ts): 11:00 in Nairobi.

describeConsole("the console's webhook delivery log", { timeZone: 'Africa/Nairobi' }, (rig) => {
  let receiver: Receiver;
  let webhookId: string;
  let receipt: string;
  const deliver = () => rig.service.app.services.webhookDelivery.deliverDue();

  // The ERP turns the first attempt away; the service tries again after its first wait.
  before(async () => {
    receiver = await startReceiver();
    const endpoint = await serviceOk(rig.origin, 'POST', '/admin/v1/webhooks', {
      url: receiver.url,
      internal: true,
      events: ['payment.accepted', 'payment.held'],
    });
    webhookId = endpoint.webhookId;
    await receiver.setUp({ secrets: [endpoint.secret], plan: ['500', 'ok', 'ok', 'ok'] });
    const token = await integrateBank(rig.origin, 'Equity Bank', '1234567', 'Jane Wanjiru');
    const pay = (body: Record<string, unknown>) =>
      callService(rig.origin, 'POST', '/bank/v1/payments', { paymentType: 'MPESA', ...body }, token);
    const paid = await pay({ transactionReference: 'EQ-2500', customerRef: '1234567', amount: '2500.50' });
    receipt = paid.body.erpRefId;
    await deliver();
    rig.service.clock.advance(60_000);
    await deliver();
    assert.equal((await pay({ transactionReference: 'EQ-HELD', customerRef: '7654321', amount: '75.00' })).status, 404);
    await deliver();
  });
  after(async () => {
    await receiver?.stop();
  });

  const rowOf = (page: Page, text: string) => page.locator('table.messages tbody tr', { hasText: text });

  test('the delivery log shows more than its first page', async () => {
    const endpoint = await serviceOk(rig.origin, 'POST', '/admin/v1/webhooks', {
      url: receiver.url,
      internal: true,
      events: ['payment.accepted'],
    });
    for (let i = 0; i < 51; i++)
      await serviceOk(rig.origin, 'POST', `/admin/v1/webhooks/${endpoint.webhookId}/test`, undefined);
    // Stopped, so the other tests' deliveries do not send these.
    await serviceOk(rig.origin, 'PATCH', `/admin/v1/webhooks/${endpoint.webhookId}`, { enabled: false });
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await page.goto(`${rig.origin}/console/webhooks/${endpoint.webhookId}`);
    await page.locator('.found', { hasText: /^51 messages\./ }).waitFor();
    const rows = page.locator('table.messages tbody tr');
    assert.equal(await rows.count(), 50);
    await page.getByRole('button', { name: 'Show more' }).click();
    await rows.nth(50).waitFor();
    assert.equal(await rows.count(), 51);
    assert.equal(await page.getByRole('button', { name: 'Show more' }).count(), 0, 'no page after the last');
    await page.context().close();
  });

  test('each message names its payment, receipt and amount; the attempts count on across a replay', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'finance'));
    await page.goto(`${rig.origin}/console/webhooks/${webhookId}`);
    await page.getByRole('heading', { name: 'Delivery log' }).waitFor();
    await page.locator('.found', { hasText: /^2 messages\.Download CSV$/ }).waitFor();

    const accepted = rowOf(page, 'payment.accepted');
    const text = (await accepted.innerText()).replace(/\s+/g, ' ');
    assert.match(text, new RegExp(`${receipt} EQ-2500 KES 2,500\\.50 21 Nov 2026, 11:00 delivered`));
    assert.match(text, /last try 21 Nov 2026, 11:01: answered 204 2 Send again$/, 'two attempts: a 500, then a 204');
    assert.equal(
      await accepted.getByRole('link', { name: receipt }).getAttribute('href'),
      `/console/payments/${receipt}`,
    );
    const held = (await rowOf(page, 'payment.held').innerText()).replace(/\s+/g, ' ');
    assert.match(held, /EQ-HELD no receipt KES 75\.00 .* delivered .* 1 Send/);
    assert.deepEqual(await seriousViolations(page), []);

    // Sent again: the attempts before still count.
    await accepted.getByRole('button', { name: 'Send again' }).click();
    await page.getByRole('status').filter({ hasText: 'sent again' }).waitFor();
    await accepted.getByText('waiting').waitFor();
    assert.equal(await deliver(), 1);
    await page.getByLabel('Show').selectOption('delivered');
    await page.getByLabel('Show').selectOption('');
    await accepted.locator('td.num', { hasText: /^3 attempts$/ }).waitFor();
    assert.match((await accepted.innerText()).replace(/\s+/g, ' '), /delivered last try .*: answered 204 3 /);
    const answered = (await receiver.received()).filter((r) => r.type === 'payment.accepted');
    assert.equal(answered.length, 3, 'the receiver saw three attempts, as the log counts');
    await screenshots(page, 'webhook-messages');
    await page.setViewportSize({ width: 390, height: 844 });
    assert.ok(
      (await page.evaluate(() => document.documentElement.scrollWidth)) <= 390,
      'no sideways scroll of the page',
    );
    // On a phone the message stacks, and still says its payment and its attempts.
    const stacked = (await accepted.innerText()).replace(/\s+/g, ' ');
    assert.match(stacked, new RegExp(`${receipt} KES 2,500\\.50 EQ-2500|${receipt} EQ-2500 KES 2,500\\.50`));
    assert.match(stacked, /3 attempts Send again$/);
    assert.deepEqual(await seriousViolations(page), []);
    await page.context().close();
  });

  test('the count and the download follow the status shown', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await page.goto(`${rig.origin}/console/webhooks/${webhookId}`);
    await page.locator('.found', { hasText: /^2 messages/ }).waitFor();
    await page.getByLabel('Show').selectOption('failed');
    await page.getByText('No message.').waitFor();
    await page.getByLabel('Show').selectOption('delivered');
    await page.locator('.found', { hasText: /^2 delivered messages/ }).waitFor();
    const link = page.locator('.found a', { hasText: 'Download CSV' });
    assert.equal(
      await link.getAttribute('href'),
      `/admin/v1/webhooks/${webhookId}/messages?format=csv&status=delivered`,
    );
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    assert.equal(file.suggestedFilename(), 'webhook-messages-delivered.csv');
    const lines = (await readFile(await file.path(), 'utf8')).trimEnd().split('\r\n');
    assert.equal(lines.length, 3);
    assert.ok(lines.some((line) => line.includes(`,${receipt},EQ-2500,2500.50,KES`)));
    assert.equal(await page.getByRole('button', { name: 'Send again' }).count(), 0, 'a viewer only reads');
    await page.context().close();
  });
});
