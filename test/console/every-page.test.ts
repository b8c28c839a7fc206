import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { before, test } from 'node:test';
import { admin, bankWithToken } from '../support/bank.js';
import { overflow, screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { acceptedPayment, heldPayment, reconcileMt940 } from '../support/money-desk.js';
import { addOperator } from '../support/operators.js';
import { json } from '../support/test-app.js';

// Every page of the console, opened by an admin at a desktop's and a phone's width: no page error
// and no error in the browser's console, nothing wider than the screen, nothing axe-core calls
// serious. A page added to the console's routes and not to this walk fails the walk.

const ROUTES = readFileSync(new URL('../../console/src/routes.tsx', import.meta.url), 'utf8');
const routePaths = [...ROUTES.matchAll(/path: '([^']+)'/g)].map((match) => match[1] ?? '');

describeConsole('every page of the console', { timeZone: 'Africa/Nairobi' }, (rig) => {
  /** Each route of the console, and an address that opens it on the data made below. */
  const visits = new Map<string, string>();

  before(async () => {
    const app = rig.service.app;
    const bank = await bankWithToken(app, 'Equity Bank');
    const paid = await acceptedPayment(app, bank, { amount: '2500.50', transactionDate: '2026-11-20T10:00:00Z' });
    await heldPayment(app, bank);
    const { run } = await reconcileMt940(
      app,
      bank.clientId,
      [{ date: '2026-11-20', amount: '2500.50', credit: true, reference: paid.body.transactionReference as string }],
      { from: '2026-11-20', to: '2026-11-20' },
    );
    const webhook = json(
      await admin(app, 'POST', '/webhooks', { url: 'https://erp.example/hooks', events: ['payment.accepted'] }),
    );
    const operator = await addOperator(app, 'viewer');
    const ids: Record<string, string> = {
      ':receiptOrId': paid.erpRefId,
      ':memberNumber': paid.member,
      ':id': String(run.reconciliationId),
      ':clientId': bank.clientId,
      ':webhookId': webhook.webhookId,
      ':operatorId': operator.operatorId,
    };
    for (const path of routePaths) {
      visits.set(
        path,
        path.replace(/:\w+/g, (name) => ids[name] ?? name),
      );
    }
  });

  test('every route opens without an error, fits a phone, and passes axe-core', async () => {
    assert.ok(routePaths.length >= 18, `the routes read from routes.tsx: ${routePaths.join(', ')}`);
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'admin'));
    // Every page's problems, said all at once: one broken page does not hide the next.
    const problems: string[] = [];
    let address = '';
    page.on('pageerror', (error) => problems.push(`${address}: page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${address}: console error: ${message.text()}`);
    });

    for (const [path, visit] of visits) {
      address = visit;
      assert.doesNotMatch(address, /:\w/, `${path} has no address to visit`);
      await page.goto(`${rig.origin}${address}`, { waitUntil: 'networkidle' });
      await page.locator('h1').first().waitFor();
      for (const violation of await seriousViolations(page)) problems.push(`${address}: ${violation}`);
      const { title, heading } = await page.evaluate(() => ({
        title: document.title,
        heading: document.querySelector('main h1')?.textContent?.trim(),
      }));
      if (title !== `${heading} · Payments console`)
        problems.push(`${address}: titled "${title}", headed "${heading}"`);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        const wider = await overflow(page);
        if (wider > 0) problems.push(`${address} is ${wider} px wider than a window ${width} px wide`);
      }
      await screenshots(page, `every-page-${path.replace(/^\/console\/?/, '').replace(/[/:]+/g, '-') || 'dashboard'}`);
    }
    assert.deepEqual(problems, []);
    await page.context().close();
  });

  test('moving to another page puts the focus on its heading; a new search leaves it where it was', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    assert.equal(await page.title(), 'Dashboard · Payments console');
    await page.getByRole('link', { name: 'Payments' }).first().click();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    assert.equal(await focused(), 'Payments');
    assert.equal(await page.title(), 'Payments · Payments console');

    await page.getByLabel('Paid from (day)').fill('2026-11-20');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(/from=2026-11-20/);
    assert.equal(await focused(), 'Search');
    await page.context().close();
  });
});

describeConsole('the console before anything is set up', {}, (rig) => {
  test('each empty list says what to do next, and links to where it is done', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'admin'));
    for (const [list, link, field] of [
      ['Banks', 'add the first one below', 'bank-name'],
      ['Webhooks', "add the ERP's receiver below", 'webhook-url'],
      ['Reconciliation', "reconcile a bank's statement above", 'statement-bank'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: list }).click();
      await page.getByRole('link', { name: link }).click();
      await page.waitForURL(new RegExp(`#${field}$`));
      assert.ok(await page.locator(`#${field}`).isVisible(), `${list}: the link leads to #${field}`);
    }
    await page.context().close();

    const viewer = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await viewer.getByRole('link', { name: 'Banks' }).click();
    await viewer.getByText('No bank yet: an admin adds them.').waitFor();
    await viewer.context().close();
  });
});
