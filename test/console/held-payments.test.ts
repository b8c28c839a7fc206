import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import { screenshots, seriousViolations, tabTo } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { addOperator } from '../support/operators.js';
import { integrateBank, serviceOk } from '../support/service-http.js';

describeConsole("the console's held payments", { timeZone: 'Africa/Nairobi' }, (rig) => {
  let token: string;
  before(async () => {
    token = await integrateBank(rig.origin, 'Equity Bank', '1234567', 'Jane Wanjiru');
  });

  /** The bank's notification for a member number the service does not know: held, 404 to the bank. */
  const notify = (body: Record<string, unknown>) =>
    fetch(`${rig.origin}/bank/v1/payments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const typo = { transactionReference: 'EQ-TYPO-1', paymentType: 'MPESA', customerRef: '1234576', amount: '2500.00' };

  test('finance allocates a held payment to the member named on screen; the re-sent notification gets that receipt', async () => {
    assert.equal((await notify({ ...typo, payerName: 'Jane W' })).status, 404);
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'finance'));
    await page.getByRole('link', { name: 'Held payments' }).click();
    const row = page.locator('.held', { hasText: 'EQ-TYPO-1' });
    await row.waitFor();
    await page.locator('.found', { hasText: '1 held payment: KES 2,500.00' }).waitFor();
    await row.getByText('No member 1234576: did the payer mean 1234567 (Jane Wanjiru)?').waitFor();
    await row.getByRole('button', { name: 'EQ-TYPO-1' }).click();
    const held = page.getByRole('region', { name: 'KES 2,500.00 from Equity Bank' });
    await held.getByText('No member 1234576: did the payer mean 1234567 (Jane Wanjiru)?').waitFor();
    assert.match(await held.innerText(), /KES 2,500\.00 from Equity Bank/);
    assert.match(await held.innerText(), /no such member/);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'held');

    await held.getByLabel('Allocate to member number').fill('1234567');
    await held.getByRole('button', { name: 'Find the member' }).click();
    await held.locator('.member-found', { hasText: '1234567: Jane Wanjiru (active)' }).waitFor();
    await held.getByLabel('Note').fill('Member number mistyped by the payer');
    await held.getByRole('button', { name: 'Allocate to Jane Wanjiru' }).click();
    const said = await page
      .getByRole('status')
      .filter({ hasText: 'Allocated KES 2,500.00 (EQ-TYPO-1, Equity Bank) to 1234567 Jane Wanjiru: receipt' })
      .innerText();
    const receipt = /receipt (\w{8})/.exec(said)?.[1];
    assert.ok(receipt, said);
    await page.getByText('Nothing is held.').waitFor();

    const resent = await notify({ ...typo, payerName: 'Jane W' });
    assert.equal(resent.status, 200, 'the bank re-sends and is answered with the receipt');
    assert.equal(((await resent.json()) as { erpRefId: string }).erpRefId, receipt);

    await page.getByRole('link', { name: 'Payments', exact: true }).click();
    await page.getByLabel('Receipt number').fill(receipt);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { name: `Payment ${receipt}` }).waitFor();
    const facts = await page.locator('.facts').innerText();
    assert.match(facts, /Member credited\s+1234567 Jane Wanjiru/);
    assert.match(facts, /Status\s+accepted/);
    const history = await page.locator('.history').innerText();
    assert.match(
      history,
      /Allocated to a member, by operator\d+@sacco\.example — “Member number mistyped by the payer”/,
    );
    assert.match(history, /Notified again by the bank/);
    assert.match(await page.locator('.raw').innerText(), /"transactionReference":"EQ-TYPO-1"/);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'payment');

    await page.getByRole('link', { name: 'Find payments' }).click();
    await page.getByLabel('Member number').fill('1234567');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('cell', { name: receipt }).waitFor();
    assert.match(page.url(), /customerRef=1234567/, 'the search is in the address');
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'payments');
    await page.context().close();
  });

  test('finance returns a held payment with a note; a viewer sees the queue but cannot act', async () => {
    assert.equal((await notify({ ...typo, transactionReference: 'EQ-WRONG-2', amount: '10.00' })).status, 404);
    const viewer = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await viewer.getByRole('link', { name: 'Held payments' }).click();
    await viewer.locator('.held', { hasText: 'EQ-WRONG-2' }).getByRole('button', { name: 'EQ-WRONG-2' }).click();
    await viewer
      .getByRole('region', { name: 'KES 10.00 from Equity Bank' })
      .locator('.facts', { hasText: 'EQ-WRONG-2' })
      .waitFor();
    assert.equal(await viewer.getByRole('button', { name: /Allocate|Return|Find the member/ }).count(), 0);
    await viewer.context().close();

    const page = await signedInPage(rig, await addOperator(rig.service.app, 'finance'));
    await page.getByRole('link', { name: 'Held payments' }).click();
    await page.locator('.held', { hasText: 'EQ-WRONG-2' }).getByRole('button', { name: 'EQ-WRONG-2' }).click();
    const held = page.getByRole('region', { name: 'KES 10.00 from Equity Bank' });
    const href = await held.getByRole('link', { name: "The payment's page" }).getAttribute('href');
    await held.getByRole('button', { name: 'Return to the payer' }).click();
    await held.getByRole('alert').filter({ hasText: 'Say why' }).waitFor();
    await held.getByLabel('Note').fill('Not our member: sent back to the payer');
    page.once('dialog', (dialog) => void dialog.accept());
    await held.getByRole('button', { name: 'Return to the payer' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Returned KES 10.00 (EQ-WRONG-2, Equity Bank) to the payer' })
      .waitFor();
    await page.getByText('Nothing is held.').waitFor();
    await page.goto(`${rig.origin}${href}`);
    await page.locator('.history', { hasText: 'Returned to the payer' }).waitFor();
    assert.match(await page.locator('.history').innerText(), /“Not our member: sent back to the payer”/);
    assert.match(await page.locator('.facts').innerText(), /Status\s+returned to the payer/);
    await page.context().close();
  });

  test('by keyboard alone: finance signs in and clears a held payment, the focus shown at every step', async () => {
    assert.equal((await notify({ ...typo, transactionReference: 'EQ-KEYS-3', amount: '75.00' })).status, 404);
    const operator = await addOperator(rig.service.app, 'finance');
    const page = await (await rig.browser.newContext()).newPage();
    await page.goto(`${rig.origin}/console`);
    await tabTo(page, page.getByLabel('Email'));
    await page.keyboard.type(operator.email);
    await tabTo(page, page.getByLabel('Password'));
    await page.keyboard.type(operator.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();

    await tabTo(page, page.getByRole('link', { name: 'Held payments' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.locator('.held').getByRole('button', { name: 'EQ-KEYS-3' }));
    await page.keyboard.press('Enter');
    const held = page.getByRole('region', { name: 'KES 75.00 from Equity Bank' });
    await held.waitFor();
    const memberField = held.getByLabel('Allocate to member number');
    await tabTo(page, memberField);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('1234567');
    await page.keyboard.press('Enter');
    await held.locator('.member-found', { hasText: 'Jane Wanjiru' }).waitFor();
    await tabTo(page, held.getByLabel('Note'));
    await page.keyboard.type('Payer typed two digits the wrong way round');
    await tabTo(page, held.getByRole('button', { name: 'Allocate to Jane Wanjiru' }));
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: 'Allocated KES 75.00 (EQ-KEYS-3, Equity Bank) to 1234567 Jane Wanjiru: receipt' })
      .waitFor();
    const resent = await notify({ ...typo, transactionReference: 'EQ-KEYS-3', amount: '75.00' });
    assert.equal(resent.status, 200);
    await page.context().close();
  });

  test('each held payment says why in words about its case', async () => {
    await serviceOk(rig.origin, 'PUT', '/admin/v1/members/7000003', { fullName: 'Achieng Atieno', status: 'closed' });
    await serviceOk(rig.origin, 'PUT', '/admin/v1/members/7000004', { fullName: 'Otieno Kamau', status: 'active' });
    const suspended = { fullName: 'Wanjiru Njeri', status: 'suspended' };
    await serviceOk(rig.origin, 'PUT', '/admin/v1/members/7000005', suspended);
    await serviceOk(rig.origin, 'PUT', '/admin/v1/members/7000006', { ...suspended, fullName: 'Kamau Mwangi' });
    const base = { paymentType: 'MPESA', amount: '100.00' };
    assert.equal((await notify({ ...base, transactionReference: 'EQ-CLOSED', customerRef: '7000003' })).status, 404);
    await notify({ ...base, transactionReference: 'EQ-NOT-ASKED', customerRef: '7000004' });
    assert.equal((await notify({ ...base, transactionReference: 'EQ-NOBODY', customerRef: '8888888' })).status, 404);
    assert.equal((await notify({ ...base, transactionReference: 'EQ-SUSPENDED', customerRef: '7000005' })).status, 404);
    assert.equal((await notify({ ...base, transactionReference: 'EQ-BACK', customerRef: '7000006' })).status, 404);
    await serviceOk(rig.origin, 'PUT', '/admin/v1/members/7000006', { fullName: 'Kamau Mwangi', status: 'active' });

    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    // The list gives each payment's case: no row, and no panel, asks for a member of its own.
    const memberCalls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/admin/v1/members')) memberCalls.push(request.url());
    });
    await page.getByRole('link', { name: 'Held payments' }).click();
    // In its row, and again in the panel it opens, with what the reason means in general.
    const reasons = {
      'EQ-CLOSED': 'Member 7000003 Achieng Atieno is closed.',
      'EQ-NOT-ASKED': 'The bank did not validate member 7000004 first.',
      'EQ-NOBODY': 'No member 8888888.',
      'EQ-SUSPENDED': 'Member 7000005 Wanjiru Njeri is suspended.',
      'EQ-BACK': 'Member 7000006 Kamau Mwangi was not payable when the bank notified, and is active now.',
    };
    for (const [reference, words] of Object.entries(reasons)) {
      const row = page.locator('.held', { hasText: reference });
      await row.locator('.why').getByText(words).waitFor();
      await row.getByRole('button', { name: reference }).click();
      await page.locator('#held-panel .reason strong').getByText(words).waitFor();
    }
    assert.deepEqual(memberCalls, []);
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'held-reasons');
    await page.context().close();
  });
});
