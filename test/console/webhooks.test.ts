import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { addOperator } from '../support/operators.js';
import { type Receiver, startReceiver } from '../support/webhook-receiver.js';

describeConsole("the console's webhooks and exports", {}, (rig) => {
  let receiver: Receiver;
  before(async () => {
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver?.stop();
  });
  const deliver = () =>
    rig.service.app.services
      .jobs(undefined)
      .find((job) => job.name === 'deliver-webhooks')
      ?.run();

  test('an admin adds an endpoint, sends a test event, sees it delivered, and sends it again', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'admin'));
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByLabel("Address (URL) of the ERP's receiver").fill(receiver.url);
    await page.getByLabel('Description').fill('Our ERP');
    await page.getByLabel(/The receiver is on our own network/).check();
    await page.getByLabel('Finance allocated a held payment to a member').check();
    await page.getByRole('button', { name: 'Add the endpoint' }).click();
    const secret = await page.getByLabel('Signing secret').inputValue();
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/, 'the secret is shown once, whole');
    await receiver.setUp({ secrets: [secret] });
    await screenshots(page, 'webhooks');
    assert.deepEqual(await seriousViolations(page), []);

    await page.getByRole('link', { name: receiver.url }).click();
    await page.getByRole('heading', { name: receiver.url }).waitFor();
    assert.match(await page.locator('.facts').innerText(), /payment\.accepted, payment\.allocated/);
    await page.getByRole('button', { name: 'Send a test event' }).click();
    await page.getByRole('status').filter({ hasText: 'on its way' }).waitFor();
    assert.equal(await deliver(), 1);
    await page.getByLabel('Show').selectOption('delivered');
    await page.getByRole('cell', { name: /webhook\.test/ }).waitFor();
    await page.getByText(/^Attempts of msg_/).click();
    await page
      .locator('.attempts li')
      .filter({ hasText: /: 2\d\d in \d+ ms/ })
      .waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'webhook');

    await page.getByRole('button', { name: 'Send again' }).click();
    await page.getByRole('status').filter({ hasText: 'sent again' }).waitFor();
    await page.getByLabel('Show').selectOption('');
    await page.getByRole('cell', { name: 'waiting' }).waitFor();
    assert.equal(await deliver(), 1);
    const received = await receiver.received();
    assert.equal(received.length, 2);
    assert.ok(
      received.every((r) => r.verified && r.type === 'webhook.test'),
      'signed with the secret shown',
    );
    assert.equal(received[0]?.id, received[1]?.id, 'sent again with the same webhook-id');

    // Stopping asks first: dismissed, nothing changes; confirmed, deliveries stop.
    const questions: string[] = [];
    page.once('dialog', (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Stop deliveries' }).click();
    assert.match(questions[0] ?? '', /^Stop deliveries to http:\/\/127\.0\.0\.1:\d+.*\? Its messages wait here/);
    assert.match(await page.locator('.facts').innerText(), /Deliveries\s+sending/);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Stop deliveries' }).click();
    await page.getByRole('status').filter({ hasText: 'Deliveries stopped.' }).waitFor();
    await page.getByRole('button', { name: 'Resume deliveries' }).click();
    await page.getByRole('status').filter({ hasText: 'Deliveries resumed.' }).waitFor();
    await page.context().close();
  });

  test('a viewer sees the endpoints but no way to change them, and no exports', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('link', { name: receiver.url }).click();
    await page.getByRole('heading', { name: 'Delivery log' }).waitFor();
    assert.equal(await page.getByRole('button', { name: /Stop deliveries|Send a test event|Send again/ }).count(), 0);
    assert.equal(await page.getByRole('link', { name: 'Exports' }).count(), 0);
    await page.goto(`${rig.origin}/console/exports`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.context().close();
  });

  test('finance downloads the accepted payments of the days chosen as CSV', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'finance'));
    await page.getByRole('link', { name: 'Exports' }).click();
    await page.getByLabel('First day').fill('2026-11-20');
    await page.getByLabel('Last day').fill('2026-11-21');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'payments-2026-11-20-to-2026-11-21.csv');
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    assert.match((await readFile(path, 'utf8')).split('\n')[0] ?? '', /^paymentId,|erpRefId/);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'exports');
    await page.context().close();
  });
});
