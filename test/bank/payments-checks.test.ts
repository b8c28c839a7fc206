import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bankCall, bankWithToken, paymentBody, putMember } from '../support/bank.js';
import { HOUR, SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { newMemberNumber, payableMember, unvalidatedMember } from '../support/money-desk.js';
import {
  assertAccepted,
  assertAnswer,
  assertInvalid,
  assertPaymentHeld,
  duplicateOf,
  listPayments,
  pay,
  payValidatedMember,
  receipt,
  renewToken,
} from '../support/payments.js';
import { useTestApp } from '../support/test-app.js';

// POST /bank/v1/payments: the order of the checks (input, duplicate, member, validation), and the
// bearer token a notification needs.

for (const kind of databaseKinds()) {
  describe(`payment notifications (${kind})`, () => {
    const t = useTestApp(kind);

    describe('order of checks: input, duplicate, member, validation', () => {
      it('checks input before the reference: invalid re-send of an accepted reference is 400, not 200 or 409, and the original stays', async () => {
        const bank = await bankWithToken(t.app);
        const { body, erpRefId } = await payValidatedMember(t.app, bank);
        const before = await receipt(t.app, erpRefId);
        assertInvalid(await pay(t.app, bank, { ...body, amount: '0' }), 'amount');
        assertInvalid(await pay(t.app, bank, { ...body, amount: '1500.505' }), 'amount');
        assertInvalid(await pay(t.app, bank, { ...body, paymentType: 'CASH' }), 'paymentType');
        assertInvalid(await pay(t.app, bank, { ...body, currency: 'KE' }), 'currency');
        assertInvalid(await pay(t.app, bank, { ...body, transactionDate: 'yesterday' }), 'transactionDate');
        assert.deepEqual(await receipt(t.app, erpRefId), before);
      });

      it('checks the reference before the member: after suspension a changed re-send is 409 (not 404), the same one 200', async () => {
        const bank = await bankWithToken(t.app);
        const { member, body, erpRefId } = await payValidatedMember(t.app, bank);
        t.clock.advance(SECOND);
        await putMember(t.app, member, 'Amina Otieno', 'suspended');
        assertAnswer(await pay(t.app, bank, { ...body, amount: '1.00' }), 409, duplicateOf(erpRefId));
        assertAnswer(await pay(t.app, bank, { ...body, customerRef: newMemberNumber() }), 409, duplicateOf(erpRefId));
        assert.equal(assertAccepted(await pay(t.app, bank, body), body.transactionReference), erpRefId);
      });

      it('checks the reference before validation: once the validation has expired a changed re-send is 409 (not 422), the same one 200', async () => {
        const bank = await bankWithToken(t.app);
        const { body, erpRefId } = await payValidatedMember(t.app, bank);
        t.clock.advance(25 * HOUR);
        await renewToken(t.app, bank);
        assertAnswer(await pay(t.app, bank, { ...body, paymentType: 'CHEQUE' }), 409, duplicateOf(erpRefId));
        assert.equal(assertAccepted(await pay(t.app, bank, body), body.transactionReference), erpRefId);
      });

      it('checks the member before validation: a suspended member never validated is 404 (customer_not_payable), not 422', async () => {
        const bank = await bankWithToken(t.app);
        const member = await unvalidatedMember(t.app, { status: 'suspended' });
        const body = paymentBody(member);
        await assertPaymentHeld(t.app, bank, body, 'customer_not_payable');
      });

      it('checks the member before validation: an unknown member never validated is 404, not 422', async () => {
        const bank = await bankWithToken(t.app);
        const body = paymentBody(newMemberNumber());
        await assertPaymentHeld(t.app, bank, body, 'customer_not_payable');
      });
    });

    describe('bearer token', () => {
      it('refuses a notification without a valid bearer token with 401 and no body, recording nothing', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member);
        const missing = await t.app.inject({
          method: 'POST',
          url: '/bank/v1/payments',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        assert.equal(missing.statusCode, 401);
        assert.equal(missing.body, '');
        const wrong = await bankCall(t.app, `${bank.token}x`, 'payments', body);
        assert.equal(wrong.statusCode, 401);
        assert.equal(wrong.body, '');
        assert.equal((await listPayments(t.app, { customerRef: member })).length, 0);
      });
    });
  });
}
