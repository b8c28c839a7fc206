import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshots, seriousViolations } from '../support/browser.js';
import { type ConsoleRig, describeConsole, signedInPage, signInOnPage } from '../support/console.js';
import { addOperator, totpCode } from '../support/operators.js';

/** Turns two-factor sign-in on from the account page, as a person with an authenticator app would. */
async function turnOnTwoFactor(page: Page, rig: ConsoleRig, password: string): Promise<string> {
  await page.getByRole('button', { name: 'Turn two-factor sign-in on' }).click();
  const qr = page.getByRole('img', { name: /QR code/ });
  await qr.waitFor();
  // The image is drawn only if the page's Content-Security-Policy lets it load.
  assert.ok(await qr.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth > 0)));
  const key = await page.locator('code.key').innerText();
  // Shown in groups of four, copied and read as one.
  const groups = await page.locator('code.key span').allInnerTexts();
  assert.ok(groups.length > 1 && groups.every((group) => /^[A-Z2-7]{1,4}$/.test(group)), groups.join(' '));
  assert.equal(groups.join(''), key);
  await screenshots(page, 'two-factor-key');
  await page.getByLabel('Code from the app').fill(totpCode(key, rig.service.clock.now()));
  await page.getByLabel('Your password, to turn it on').fill(password);
  await page.getByRole('button', { name: 'Turn it on' }).click();
  await page.getByText(/Keep these recovery codes/).waitFor();
  assert.equal(await page.locator('.codes li').count(), 10);
  return key;
}

describeConsole("the console's my account", {}, (rig) => {
  const asToken = (token: string) =>
    fetch(`${rig.origin}/admin/v1/session`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);

  test('turns two-factor sign-in on with the QR code, makes and revokes an API token, and changes the password', async () => {
    const operator = await addOperator(rig.service.app, 'finance');
    const page = await signedInPage(rig, operator);
    await page.getByRole('link', { name: `${operator.email} (finance)` }).click();
    await page.getByRole('heading', { name: 'My account' }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);

    const key = await turnOnTwoFactor(page, rig, operator.password);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'account');
    await page.getByRole('button', { name: 'I have kept them: go on' }).click();
    await page.getByText('On: signing in asks for a code').waitFor();

    // Making a token asks for the password and a code again; the code that turned it on is spent.
    rig.service.clock.advance(30_000);
    await page.getByLabel('What it is for').fill('bis on my laptop');
    await page.getByLabel('Your password, to make the token').fill(operator.password);
    await page.getByLabel('Code from your app, for the token').fill(totpCode(key, rig.service.clock.now()));
    await page.getByRole('button', { name: 'Make the token' }).click();
    const token = await page.getByRole('textbox', { name: 'API token' }).inputValue();
    assert.match(token, /^bisop_/);
    assert.equal(await asToken(token), 200, 'the token acts as the operator');
    page.once('dialog', (dialog) => void dialog.accept());
    await page
      .getByRole('row', { name: /bis on my laptop/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page
      .getByRole('row', { name: /bis on my laptop/ })
      .getByText(/revoked/)
      .waitFor();
    assert.equal(await asToken(token), 401, 'a revoked token stops at once');

    // Signing in now asks for the code; each code is taken once, so the next one comes 30 s on.
    await page.getByRole('button', { name: 'Sign out' }).click();
    // The sign-in page shows once the service has ended the session; a page opened before that
    // would stop the request and find the session still open.
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    rig.service.clock.advance(30_000);
    await signInOnPage(page, rig, { ...operator, code: totpCode(key, rig.service.clock.now()) });

    const newPassword = 'a new and longer password, 9 goats';
    await page.goto(`${rig.origin}/console/account`);
    await page.getByLabel('Current password').fill(operator.password);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('New password, again').fill(newPassword);
    await page.getByRole('button', { name: 'Change the password' }).click();
    await page.getByText(/Your password is changed/).waitFor();
    await page.getByLabel('Email').fill(operator.email);
    await page.getByLabel('Password').fill(operator.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    assert.equal(await page.getByLabel('Two-factor code').count(), 0, 'the old password is refused outright');
    rig.service.clock.advance(30_000);
    await signInOnPage(page, rig, {
      ...operator,
      password: newPassword,
      code: totpCode(key, rig.service.clock.now()),
    });
    await page.context().close();
  });
});

describeConsole('the console when admins must sign in with two factors', { requireTwoFactor: true }, (rig) => {
  test('an admin without it sees only their account until they turn it on', async () => {
    const admin = await addOperator(rig.service.app, 'admin');
    const page = await (await rig.browser.newContext()).newPage();
    await page.goto(`${rig.origin}/console/banks`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'My account' }).waitFor();
    assert.match(await page.getByRole('alert').innerText(), /must sign in with two factors/);
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).count(), 0);
    assert.equal(await page.getByRole('heading', { name: 'API tokens' }).count(), 0);

    await turnOnTwoFactor(page, rig, admin.password);
    await page.getByRole('button', { name: 'I have kept them: go on' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Banks' }).click();
    await page.getByRole('heading', { name: 'Banks' }).waitFor();
    await page.context().close();
  });
});
