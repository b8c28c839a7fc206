import assert from 'node:assert/strict';
import { test } from 'node:test';
import { admin } from '../support/bank.js';
import { screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { addOperator } from '../support/operators.js';
import { json } from '../support/test-app.js';
import { startReceiver } from '../support/webhook-receiver.js';

describeConsole('a sandbox bank in the console', {}, (rig) => {
  test('an admin adds a sandbox bank and sends a test payment: each step, the ERP test endpoint, the test payment listed', async () => {
    const receiver = await startReceiver();
    try {
      const made = await admin(rig.service.app, 'POST', '/webhooks', {
        url: receiver.url,
        internal: true,
        events: ['payment.accepted'],
        testEvents: true,
      });
      await receiver.setUp({ secrets: [json(made).secret] });
      const page = await signedInPage(rig, await addOperator(rig.service.app, 'admin'));
      await page.getByRole('link', { name: 'Banks' }).click();
      await page.getByLabel("The bank's name").fill('Equity UAT');
      await page.getByLabel("A sandbox bank, for the bank's tests").check();
      await page.getByRole('button', { name: 'Add the bank' }).click();
      await page.getByRole('heading', { name: 'Equity UAT sandbox' }).waitFor();
      assert.match(await page.locator('.facts').innerText(), /Kind\s+sandbox: the test members and test payments only/);
      await page.getByText('No test payment yet.').waitFor();

      await page.getByRole('button', { name: 'Send a test payment' }).click();
      await page.getByText('every step passed').waitFor();
      const steps = await page.locator('.test-run table').innerText();
      assert.match(steps, /token\s+passed/);
      assert.match(steps, /payment for 9900001\s+passed\s+\d+ ms\s+receipt TEST/);
      await page.getByText(`To ${receiver.url}: delivered (it answered 204)`).waitFor();
      const listed = page.locator('li', { hasText: 'for 9900001 (Jane Wanjiru Test)' });
      await listed.first().waitFor();
      assert.match(
        await listed.first().innerText(),
        /^test .*KES 150\.00 for 9900001 \(Jane Wanjiru Test\), accepted receipt TEST/,
      );
      assert.deepEqual(await seriousViolations(page), []);
      await screenshots(page, 'sandbox-bank');

      await page.getByRole('link', { name: 'All banks' }).click();
      await page.getByRole('row', { name: /Equity UAT sandbox/ }).waitFor();
      await page.getByRole('link', { name: 'Dashboard' }).click();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      assert.equal(await page.getByText('Equity UAT').count(), 0, 'the dashboard counts no sandbox bank');
      await page.context().close();
    } finally {
      await receiver.stop();
    }
  });
});
