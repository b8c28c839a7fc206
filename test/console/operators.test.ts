import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signedInPage, signInOnPage } from '../support/console.js';
import { addOperator, apiToken, signIn } from '../support/operators.js';
import { ADMIN_TOKEN } from '../support/test-app.js';

describeConsole("the console's operators and audit", {}, (rig, _kind) => {
  const operatorNamed = async (email: string) => {
    const response = await fetch(`${rig.origin}/admin/v1/operators`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    const { items } = (await response.json()) as { items: { email: string; role: string; disabled: boolean }[] };
    return items.find((operator) => operator.email === email);
  };

  test('an admin invites an operator, who sets a password through the link; a new role, then disabled, ends their session', async () => {
    const admin = await addOperator(rig.service.app, 'admin');
    const page = await signedInPage(rig, admin);
    await page.getByRole('link', { name: 'Operators' }).click();
    await page.getByLabel('Email address').fill('amina.odhiambo@sacco.example');
    await page.getByLabel('Name').fill('Amina Odhiambo');
    await page.getByLabel('Role').selectOption('viewer');
    await page.getByRole('button', { name: 'Invite' }).click();
    const link = await page.getByLabel('Invite link').inputValue();
    assert.match(link, new RegExp(`^${rig.origin}/invite/`));
    await page
      .getByRole('row', { name: /Amina Odhiambo/ })
      .getByText('invited, has not set a password yet')
      .waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'operators');

    // Amina, in a browser of her own: the link sets her password, then she signs in as a viewer.
    const password = 'a long password for Amina, 7 cows';
    const hers = await (await rig.browser.newContext()).newPage();
    await hers.goto(link);
    assert.deepEqual(await seriousViolations(hers), []);
    await screenshots(hers, 'invite');
    await hers.getByLabel(/Password/).fill(password);
    await hers.getByRole('button', { name: 'Set password' }).click();
    await hers.getByRole('link', { name: 'the console' }).click();
    await hers.getByRole('heading', { name: 'Sign in' }).waitFor();
    await signInOnPage(hers, rig, { email: 'amina.odhiambo@sacco.example', password });
    assert.doesNotMatch(await hers.getByRole('navigation', { name: 'Main' }).innerText(), /Exports|Operators/);

    await page.getByRole('link', { name: 'Amina Odhiambo' }).click();
    await page.getByRole('heading', { name: 'Amina Odhiambo' }).waitFor();
    await page.getByLabel('Role', { exact: true }).selectOption('finance');
    await page.getByRole('button', { name: 'Change the role' }).click();
    await page.getByText('Their role is now finance.').waitFor();
    assert.equal((await operatorNamed('amina.odhiambo@sacco.example'))?.role, 'finance');
    await hers.reload();
    await hers.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Exports' }).waitFor();

    // Her API token shows on her page, for the admin to revoke.
    const { token } = await apiToken(
      rig.service.app,
      await signIn(rig.service.app, 'amina.odhiambo@sacco.example', password),
      'bis on her laptop',
    );
    await page.reload();
    page.once('dialog', (dialog) => void dialog.accept());
    await page
      .getByRole('row', { name: /bis on her laptop/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page.getByText('No token in use.').waitFor();
    const asToken = await fetch(`${rig.origin}/admin/v1/session`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(asToken.status, 401, 'revoked by the admin');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByText(/Disabled: they are signed out/).waitFor();
    assert.equal((await operatorNamed('amina.odhiambo@sacco.example'))?.disabled, true);
    await hers.reload();
    await hers.getByRole('heading', { name: 'Sign in' }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'operator');
    await hers.context().close();

    // Who did it: the audit names the admin for each change, and filters to the operators' kind.
    await page.getByRole('link', { name: 'What they did, in the audit' }).click();
    await page.getByRole('heading', { name: 'Audit' }).waitFor();
    await page
      .getByRole('row', { name: /signed in/ })
      .first()
      .waitFor();
    await page.goto(`${rig.origin}/console/audit`);
    await page.getByLabel('What').selectOption({ label: 'Operators, sign-ins and tokens' });
    await page.getByLabel(/Who/).fill(admin.email);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/action=operator/);
    // The rows of the unfiltered list go once the filtered page has come.
    await page
      .locator('table.audit tbody tr')
      .filter({ hasNotText: admin.email })
      .first()
      .waitFor({ state: 'detached' });
    const roleChange = page.getByRole('row', { name: /changed the role of Amina Odhiambo from viewer to finance/ });
    await roleChange.waitFor();
    assert.match(await roleChange.innerText(), new RegExp(admin.email));
    const rows = await page.locator('table.audit tbody tr').allInnerTexts();
    assert.ok(rows.every((row) => row.includes(admin.email)));
    assert.ok(rows.some((row) => /disabled the operator Amina Odhiambo/.test(row)));
    const address = new URL(page.url()).searchParams;
    assert.deepEqual([address.get('action'), address.get('operator')], ['operator', admin.email], 'to bookmark');
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'audit');
    await page.context().close();
  });

  test('a viewer reads the audit but has no operators page', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    assert.doesNotMatch(await nav.innerText(), /Operators/);
    await nav.getByRole('link', { name: 'Audit' }).click();
    await page
      .getByRole('row', { name: /added the operator/ })
      .first()
      .waitFor();
    await page.goto(`${rig.origin}/console/operators`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.context().close();
  });
});
