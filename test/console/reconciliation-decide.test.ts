import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bankWithToken, putMember } from '../support/bank.js';
import { screenshots, seriousViolations } from '../support/browser.js';
import { describeConsole, signedInPage } from '../support/console.js';
import { acceptedPayment, heldPayment, mt940, reconcile } from '../support/money-desk.js';
import { addOperator } from '../support/operators.js';
import { callService } from '../support/service-http.js';

const DAY = '2026-11-20';

describeConsole('the console helps finance decide on a reconciliation', { timeZone: 'Africa/Nairobi' }, (rig) => {
  test('the difference in words, a suggested member recorded in one confirmation, an item marked dealt with', async () => {
    const bank = await bankWithToken(rig.service.app, 'Kenya Women Bank');
    const short = await acceptedPayment(rig.service.app, bank, {
      amount: '1500.00',
      transactionDate: `${DAY}T10:00:00+03:00`,
    });
    await putMember(rig.service.app, '7300001', 'Grace Wambui');
    const held = await heldPayment(rig.service.app, bank, {
      amount: '640.00',
      transactionDate: `${DAY}T11:00:00+03:00`,
    });
    const statement = mt940(
      [
        { date: DAY, amount: '1450.00', credit: true, reference: short.body.transactionReference as string },
        { date: DAY, amount: '2500.00', credit: true, reference: 'LOST-7', narration: 'DEPOSIT REF 7300001 BRANCH' },
        { date: DAY, amount: '640.00', credit: true, reference: 'LOST-8', narration: 'CASH DEPOSIT' },
      ],
      { from: DAY, to: DAY },
    );
    const uploaded = await reconcile(rig.service.app, bank.clientId, 'mt940', statement);
    assert.equal(uploaded.statusCode, 201, uploaded.body);
    const id = JSON.parse(uploaded.body).reconciliationId as number;

    const finance = await addOperator(rig.service.app, 'finance');
    const page = await signedInPage(rig, finance);
    await page.goto(`${rig.origin}/console/reconciliation/${id}`);
    await page.getByRole('heading', { name: `Kenya Women Bank: statement of 20 Nov 2026 to 20 Nov 2026` }).waitFor();
    await page.getByText('Still open: 3 items, KES 4,590.00.').waitFor();

    const suggested = page.getByRole('row', { name: /LOST-7/ });
    await suggested
      .locator('.suggested-member', { hasText: "May be for member 7300001 Grace Wambui: the line's text holds their" })
      .waitFor();
    const heldRow = page.getByRole('row', { name: /LOST-8/ });
    await heldRow.getByRole('link', { name: `KES 640.00 under ${held.body.transactionReference}` }).waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'reconciliation-suggestions');

    await suggested.getByText('Record the payment').click();
    await suggested.getByRole('button', { name: 'Record for Grace Wambui' }).click();
    await page.getByRole('status').filter({ hasText: 'Line 2 recorded for Grace Wambui' }).waitFor();
    await page.getByText('Still open: 2 items, KES 2,090.00.').waitFor();

    await page.getByRole('button', { name: 'Amount differs' }).click();
    const mismatch = page.getByRole('row', { name: /Notified/ });
    await mismatch.locator('.mismatch', { hasText: 'KES 50.00 short' }).waitFor();
    await mismatch.getByText('Mark dealt with').click();
    await mismatch.getByLabel('What was done').fill('Bank kept a 50.00 charge; member told');
    await mismatch.getByRole('button', { name: 'Mark as dealt with' }).click();
    await page.getByRole('status').filter({ hasText: 'Line 1 marked dealt with.' }).waitFor();
    await mismatch.getByText(`Dealt with by ${finance.email}`).waitFor();
    await page.getByText('Still open: 1 item, KES 640.00.').waitFor();
    assert.deepEqual(await seriousViolations(page), []);
    await screenshots(page, 'reconciliation-dealt-with');

    const run = await callService(rig.origin, 'GET', `/admin/v1/reconciliations/${id}?category=amount_mismatch`);
    assert.equal(run.body.items[0].dealtWith.note, 'Bank kept a 50.00 charge; member told');

    await mismatch.getByRole('button', { name: 'Open it again' }).click();
    await page.getByRole('status').filter({ hasText: 'Line 1 is open again.' }).waitFor();
    await page.getByText('Still open: 2 items, KES 2,090.00.').waitFor();
    await page.context().close();
  });

  test('a viewer sees what is open and who dealt with it, but cannot mark', async () => {
    const page = await signedInPage(rig, await addOperator(rig.service.app, 'viewer'));
    await page.getByRole('link', { name: 'Reconciliation' }).click();
    await page.getByRole('link', { name: 'Kenya Women Bank' }).click();
    await page.getByText(/Still open: 2 items/).waitFor();
    await page.getByRole('button', { name: 'Amount differs' }).click();
    await page.locator('.mismatch', { hasText: 'KES 50.00 short' }).waitFor();
    assert.equal(await page.getByText('Mark dealt with').count(), 0);
    await page.context().close();
  });
});
