import assert from 'node:assert/strict';
import { test } from 'node:test';
import { evaluate } from '../support/alerts.js';
import { bankWithToken } from '../support/bank.js';
import { screenshots, seriousViolations } from '../support/browser.js';
import { HOUR } from '../support/clock.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { heldPayment } from '../support/money-desk.js';
import { addOperator, signIn } from '../support/operators.js';
import { testSmtpServer } from '../support/smtp.js';
import { json } from '../support/test-app.js';

// A real mail server: with email off an alert tells nobody.
const smtp = testSmtpServer({ tls: false });
const withEmail = {
  timeZone: 'Africa/Nairobi',
  get smtp() {
    return smtp.settings();
  },
  mailFrom: 'Payments <payments@sacco.example>',
};

describeConsole("the console's alerts", withEmail, (rig) => {
  test('an admin sets whom an alert tells; the alert is listed with them, in local time and by bank name', async () => {
    // Held an hour before the admin signs in: a session idle that long would have ended.
    const bank = await bankWithToken(rig.service.app, 'Console Bank');
    await heldPayment(rig.service.app, bank);
    rig.service.clock.advance(HOUR);
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'admin'));
    await page.getByRole('link', { name: 'Alerts' }).click();
    await page.getByRole('heading', { name: 'Alerts', exact: true }).waitFor();
    await page.getByText('No alerts.').waitFor();
    const held = page.getByRole('group', { name: 'A payment held too long' });
    await held.getByLabel('Held longer than (e.g. 4h)').fill('1h');
    await held.getByLabel('Also tell (email addresses)').fill('desk@sacco.example, treasurer@sacco.example');
    await page.getByRole('button', { name: 'Save the settings' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

    await evaluate(rig.service);
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'A payment held too long' });
    await row.waitFor();
    const text = await row.innerText();
    assert.match(text, /1 payment from Console Bank held longer than 1h, the oldest since 2026-11-21 11:00/);
    assert.match(text, /desk@sacco\.example, treasurer@sacco\.example/);
    assert.match(text, /open/);
    assert.doesNotMatch(text, /T\d\d:\d\d|Z\b/, 'local times, not ISO ones');
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'alerts');
    await row.getByRole('link', { name: 'Open the held payments' }).click();
    await page.getByRole('heading', { name: 'Held payments' }).waitFor();
    await page.goBack();

    await page.getByLabel('Show').selectOption('cleared');
    await page.getByText('No alerts.').waitFor();
  });

  test('a viewer sees the settings but cannot change them, and chooses the emails they get', async () => {
    const viewer = await addOperator(rig.service.app, 'viewer');
    const page = await signedInPage(rig, viewer);
    await page.goto(`${rig.origin}/console/alerts`);
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Save the settings' }).count(), 0);
    assert.ok(await page.getByLabel('Sent each day at (local time)').isDisabled());

    await page.goto(`${rig.origin}/console/account`);
    await page.getByRole('heading', { name: 'Emails I get' }).waitFor();
    await page.getByLabel('A bank silent in its working hours').check();
    await page.getByLabel('The morning summary').check();
    await page.getByRole('button', { name: 'Save my choices' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'account-notifications');

    const session = await signIn(rig.service.app, viewer.email, viewer.password);
    const chosen = await rig.service.app.inject({
      url: '/admin/v1/operators/me/notifications',
      headers: { cookie: session.cookie },
    });
    assert.deepEqual(json(chosen), { alerts: ['bank_silent'], morningSummary: true });
  });
});
