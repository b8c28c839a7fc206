import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { screenshots, seriousViolations } from '../support/browser.js';
import { MINUTE } from '../support/clock.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { addOperator } from '../support/operators.js';
import type { TestApp } from '../support/test-app.js';

describeConsole('the console in a browser', {}, (rig) => {
  let service: TestApp;
  let browser: Browser;
  let origin: string;
  before(async () => {
    ({ service, browser, origin } = rig);
  });

  test('serves its page under a Content-Security-Policy that allows no inline script', async () => {
    const response = await fetch(`${origin}/console`);
    assert.equal(response.status, 200);
    const csp = response.headers.get('content-security-policy') ?? '';
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    const html = await response.text();
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, 'no inline script');
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    assert.ok(script, 'the page loads its script from the service');
    const asset = await fetch(`${origin}${script}`);
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get('content-type') ?? '', /^text\/javascript/);
    assert.equal((await fetch(`${origin}/console/assets/nothing.js`)).status, 404);
  });

  test('signs in with an operator account, shows the dashboard, and signs out', async () => {
    const operator = await addOperator(service.app, 'finance');
    const context = await browser.newContext();
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') refused.push(message.text());
    });
    await page.goto(`${origin}/console`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'sign-in');

    await page.getByLabel('Email').fill(operator.email);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    assert.match(await page.getByRole('alert').innerText(), /\S/);

    await page.getByLabel('Password').fill(operator.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    assert.match(await page.locator('.top .who').innerText(), new RegExp(`${operator.email} \\(finance\\)`));
    await page.locator('.figure', { hasText: 'Accepted today' }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'dashboard');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    // The session is over on the service too, not only on the page.
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    // Only the expected 401s of asking who is signed in, no refused script or style.
    assert.deepEqual(
      refused.filter((text) => !/401/.test(text)),
      [],
    );
    await context.close();
  });

  test('a session that ends while a page is open offers to sign in again, and comes back to that page', async () => {
    const operator = await addOperator(service.app, 'viewer');
    const page = await signedInPage(rig, operator);
    await page.getByRole('link', { name: 'Payments' }).first().click();
    await page.getByRole('heading', { name: 'Payments' }).waitFor();
    await page.getByLabel('Paid from (day)').fill('2026-11-20');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/from=2026-11-20/);
    // Its answer is in before the clock moves: a read still under way would end the session early.
    await page.getByText('No payment matches.').waitFor();

    // Idle longer than the service allows: the next search is refused.
    service.clock.advance(31 * MINUTE);
    await page.getByLabel('Paid up to (day)').fill('2026-11-21');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/to=2026-11-21/);
    const where = page.url();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.match(await page.getByRole('status').innerText(), /session has ended/i);
    assert.equal(await page.getByRole('button', { name: 'Sign out' }).count(), 0);
    await screenshots(page, 'session-ended');

    await page.getByLabel('Email').fill(operator.email);
    await page.getByLabel('Password').fill(operator.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Payments' }).waitFor();
    assert.equal(page.url(), where);
    assert.equal(await page.getByLabel('Paid from (day)').inputValue(), '20/11/2026');
    assert.equal(await page.getByLabel('Paid up to (day)').inputValue(), '21/11/2026');
    await page.context().close();
  });
});
