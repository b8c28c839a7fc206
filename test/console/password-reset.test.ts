import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousViolations } from '../support/browser.js';
import { MINUTE } from '../support/clock.js';
import { type ConsoleRig, describeConsole, signInOnPage } from '../support/console.js';
import { addOperator } from '../support/operators.js';
import { linkIn, testSmtpServer } from '../support/smtp.js';

const smtp = testSmtpServer({ tls: true });

/** Sends what is due, and the reset email that then reaches `email`: the `nth` one it got. */
async function resetEmailTo(rig: ConsoleRig, email: string, nth: number) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    while ((await rig.service.app.services.emailDelivery.sendDue()) > 0);
    const resets = smtp.received.filter((r) => r.envelopeTo.includes(email) && /reset/.test(r.mail.subject ?? ''));
    const got = resets[nth];
    if (got) return linkIn(got.mail, rig.origin);
    if (Date.now() > deadline) throw new Error(`no reset email ${nth + 1} to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function askForReset(page: Page, rig: ConsoleRig, email: string) {
  await page.goto(`${rig.origin}/console`);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email me a link' }).click();
  await page.getByRole('status').filter({ hasText: 'on its way' }).waitFor();
}

describeConsole('a password reset by email, in a browser', smtp.appConfig(), (rig) => {
  let context: Awaited<ReturnType<ConsoleRig['browser']['newContext']>>;
  before(async () => {
    context = await rig.browser.newContext();
  });

  test('"Forgot your password?" emails a link that sets a new password, once', async () => {
    const operator = await addOperator(rig.service.app, 'finance');
    const page = await context.newPage();
    await askForReset(page, rig, operator.email);
    assert.deepEqual(await seriousViolations(page), []);
    const link = await resetEmailTo(rig, operator.email, 0);
    assert.match(link, /\/reset\//);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    const newPassword = `${operator.password} and a new one`;
    await page.getByLabel(/Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('heading', { name: 'Your new password is set' }).waitFor();

    await signInOnPage(page, rig, { email: operator.email, password: newPassword });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();

    // Used once: the same link again is refused.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Link no longer valid' }).waitFor();
  });

  test('a reset link no longer works 30 minutes after it was asked for', async () => {
    const operator = await addOperator(rig.service.app, 'viewer');
    const page = await context.newPage();
    await askForReset(page, rig, operator.email);
    const link = await resetEmailTo(rig, operator.email, 0);
    rig.service.clock.advance(30 * MINUTE);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Link no longer valid' }).waitFor();
    // The old password still signs in.
    await signInOnPage(page, rig, operator);
  });

  test('an admin sees that an invitation went by email', async () => {
    const admin = await addOperator(rig.service.app, 'admin');
    const page = await (await rig.browser.newContext()).newPage();
    await signInOnPage(page, rig, admin);
    await page.goto(`${rig.origin}/console/operators`);
    await page.getByLabel('Email address').fill('newcomer@sacco.example');
    await page.getByLabel('Name').fill('Newcomer');
    await page.getByLabel('Role').selectOption('viewer');
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByText('on its way to the operator by email').waitFor();
  });
});
