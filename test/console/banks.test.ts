import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { addOperator } from '../support/operators.js';

describeConsole("the console's banks", {}, (rig) => {
  const tokenRequest = (clientId: string, clientSecret: string) =>
    fetch(`${rig.origin}/oauth/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });

  test('an admin adds a bank and issues a secret; the bank reveals it through the hand-over link; revoking ends it', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'admin'));
    await page.getByRole('link', { name: 'Banks' }).click();
    await page.getByLabel("The bank's name").fill('Equity Bank');
    await page.getByRole('button', { name: 'Add the bank' }).click();
    await page.getByRole('heading', { name: 'Equity Bank' }).waitFor();
    assert.match(await page.locator('.facts').innerText(), /Last call\s+never/);
    await page.getByRole('button', { name: 'Issue a secret' }).click();
    const link = await page.getByLabel('Hand-over link').inputValue();
    assert.match(link, new RegExp(`^${rig.origin}/handover/`));
    await page.getByText(/waiting for the bank to open its hand-over link/).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'bank');

    // The bank's engineer, in a browser of their own, not signed in to anything.
    const bankSide = await (await rig.browser.newContext()).newPage();
    await bankSide.goto(link);
    await bankSide.getByRole('button', { name: 'Reveal credentials' }).click();
    const [clientId = '', clientSecret = ''] = await bankSide.locator('code').allInnerTexts();
    assert.deepEqual(await seriousViolations(bankSide), []);
    await screenshots(bankSide, 'handover');
    await bankSide.context().close();
    assert.equal((await tokenRequest(clientId, clientSecret)).status, 200, 'the revealed secret gets a token');

    await page.reload();
    await page.getByText(/in use since/).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText(/revoked 21 Nov 2026/).waitFor();
    assert.equal((await tokenRequest(clientId, clientSecret)).status, 401, 'a revoked secret gets no token');

    await page.getByRole('link', { name: 'All banks' }).click();
    await page.getByRole('row', { name: /Equity Bank/ }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'banks');
    await page.context().close();
  });

  test('a viewer sees the banks and their secrets but cannot add, issue, revoke or disable', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await page.getByRole('link', { name: 'Banks' }).click();
    await page.getByRole('link', { name: 'Equity Bank' }).click();
    await page.getByRole('heading', { name: 'Secrets' }).waitFor();
    assert.equal(await page.getByRole('button', { name: /Issue|Revoke|Disable|Add/ }).count(), 0);
    await page.getByRole('link', { name: 'All banks' }).click();
    await page.getByRole('row', { name: /Equity Bank/ }).waitFor();
    assert.equal(await page.getByLabel("The bank's name").count(), 0);
    await page.context().close();
  });
});
