import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { addOperator } from '../support/operators.js';
import { callService } from '../support/service-http.js';

const register = (rows: string[]) => ({
  name: 'register.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(['customerRef,fullName,status', ...rows].join('\r\n')),
});

describeConsole("the console's members", {}, (rig) => {
  const memberStatus = async (ref: string) => (await callService(rig.origin, 'GET', `/admin/v1/members/${ref}`)).status;

  test('an admin uploads a register with a bad row (listed by line, nothing changed), then a good one', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'admin'));
    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByRole('link', { name: 'Upload the member register' }).click();
    await page
      .getByLabel('Register file')
      .setInputFiles(
        register(['5000001,Achieng Otieno,active', '50000X2,Kamau Njoroge,active', '5000003,Wanjiru,gone']),
      );
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByRole('alert').waitFor();
    const rows = await page.getByRole('region', { name: 'Bad rows' }).getByRole('row').allInnerTexts();
    assert.equal(rows.length, 3, rows.join(' | '));
    assert.match(rows[1] ?? '', /^3\s/);
    assert.match(rows[2] ?? '', /^4\s/);
    assert.equal(await page.getByRole('button', { name: 'Apply it' }).count(), 0, 'a bad file cannot be applied');
    assert.equal(await memberStatus('5000001'), 404, 'nothing was changed');
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'register-upload');

    await page
      .getByLabel('Register file')
      .setInputFiles(register(['5000001,Achieng Otieno,active', '5000002,Kamau Njoroge,suspended']));
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByRole('status').filter({ hasText: 'The file is good. Applying it would create 2' }).waitFor();
    assert.equal(await memberStatus('5000001'), 404, 'a check changes nothing');
    // A small file is sent at once: note any progress bar the page shows, however briefly.
    await page.evaluate(`new MutationObserver(() => {
      if (document.querySelector('progress')) globalThis.progressShown = true;
    }).observe(document.body, { childList: true, subtree: true })`);
    await page.getByRole('button', { name: 'Apply it' }).click();
    await page.getByRole('status').filter({ hasText: 'Applied: created 2' }).waitFor();
    assert.equal(await page.evaluate('globalThis.progressShown'), true, 'a progress bar showed while it worked');
    assert.equal(await memberStatus('5000001'), 200);

    await page.getByRole('link', { name: 'Members', exact: true }).first().click();
    await page.getByLabel('Number or name').fill('achieng');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('cell', { name: 'Achieng Otieno' }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'members');
    await page.context().close();
  });

  test('an admin adds a member and changes their status; a viewer finds and reads but changes nothing', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'admin'));
    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByLabel('Member number (seven digits)').fill('5000009');
    await page.getByLabel('Full name').fill('Otieno Ochieng');
    await page.getByRole('button', { name: 'Add the member' }).click();
    await page.getByRole('heading', { name: 'Otieno Ochieng (5000009)' }).waitFor();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Make suspended' }).click();
    await page.getByRole('status').filter({ hasText: 'Otieno Ochieng is now suspended.' }).waitFor();
    const stored = await callService(rig.origin, 'GET', '/admin/v1/members/5000009');
    assert.equal(stored.body.status, 'suspended');
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'member');
    await page.context().close();

    const viewer = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await viewer.getByRole('link', { name: 'Members' }).click();
    await viewer.getByLabel('Number or name').fill('500000');
    await viewer.getByRole('button', { name: 'Find' }).click();
    await viewer.getByRole('link', { name: '5000009' }).click();
    await viewer.getByRole('heading', { name: 'Otieno Ochieng (5000009)' }).waitFor();
    assert.equal(await viewer.getByRole('button', { name: /Make / }).count(), 0);
    await viewer.getByRole('link', { name: 'Members', exact: true }).first().click();
    assert.equal(await viewer.getByRole('link', { name: 'Upload the member register' }).count(), 0);
    assert.equal(await viewer.getByLabel('Full name').count(), 0);
    await viewer.context().close();
  });
});
