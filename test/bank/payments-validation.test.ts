import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bankWithToken, paymentBody, putMember } from '../support/bank.js';
import { HOUR, MINUTE } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { payableMember, unvalidatedMember } from '../support/money-desk.js';
import { assertAccepted, assertPaymentHeld, pay, receipt, renewToken, validate } from '../support/payments.js';
import { useTestApp } from '../support/test-app.js';

// POST /bank/v1/payments: a payment counts only when the same bank validated the member within the
// window (422 otherwise), and BIS_REQUIRE_VALIDATION and BIS_VALIDATION_WINDOW change that.

for (const kind of databaseKinds()) {
  describe(`payment notifications (${kind})`, () => {
    const t = useTestApp(kind);

    describe('validation required (422)', () => {
      it('holds a payment for an active member never validated: 422 exactly {resultCode 2, "Customer not validated"}, held as not_validated, no receipt', async () => {
        const bank = await bankWithToken(t.app);
        const member = await unvalidatedMember(t.app);
        const held = await assertPaymentHeld(t.app, bank, paymentBody(member), 'not_validated');
        assert.equal(held.customerRef, member);
      });

      it('counts only validations by the same client: another client having validated the member gives 422', async () => {
        const bankA = await bankWithToken(t.app, 'Bank A');
        const bankB = await bankWithToken(t.app, 'Bank B');
        const member = await payableMember(t.app, bankB);
        const body = paymentBody(member);
        await assertPaymentHeld(t.app, bankA, body, 'not_validated');
      });

      it('counts a validation within the 24 h default window (23 h 59 min later: 200)', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        t.clock.advance(24 * HOUR - MINUTE);
        await renewToken(t.app, bank);
        const body = paymentBody(member);
        assertAccepted(await pay(t.app, bank, body), body.transactionReference);
      });

      it('stops counting a validation after the 24 h default window (24 h 1 min later: 422, held as not_validated)', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        t.clock.advance(24 * HOUR + MINUTE);
        await renewToken(t.app, bank);
        const body = paymentBody(member);
        await assertPaymentHeld(t.app, bank, body, 'not_validated');
      });

      it('counts only validations made since the member last became active (suspended then re-activated: 422 until validated again)', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        t.clock.advance(MINUTE);
        await putMember(t.app, member, 'Amina Otieno', 'suspended');
        t.clock.advance(MINUTE);
        await putMember(t.app, member, 'Amina Otieno', 'active');
        t.clock.advance(MINUTE);
        const body = paymentBody(member);
        await assertPaymentHeld(t.app, bank, body, 'not_validated');
        assert.equal((await validate(t.app, bank, member)).statusCode, 200);
        assertAccepted(await pay(t.app, bank, body), body.transactionReference);
      });
    });
  });

  describe(`payment notifications with BIS_REQUIRE_VALIDATION off (${kind})`, () => {
    const t = useTestApp(kind, { config: { requireValidation: false } });

    it('accepts a payment for an active member that no client validated', async () => {
      const bank = await bankWithToken(t.app);
      const member = await unvalidatedMember(t.app);
      const body = paymentBody(member);
      const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
      assert.equal((await receipt(t.app, erpRefId)).status, 'accepted');
    });

    it('still holds a payment for a member who cannot be paid now (404, customer_not_payable)', async () => {
      const bank = await bankWithToken(t.app);
      const member = await unvalidatedMember(t.app, { status: 'suspended' });
      await assertPaymentHeld(t.app, bank, paymentBody(member), 'customer_not_payable');
    });
  });

  describe(`payment notifications with a 10-minute BIS_VALIDATION_WINDOW (${kind})`, () => {
    const t = useTestApp(kind, { config: { validationWindow: 10 * MINUTE } });

    it('counts a validation made 9 minutes before the payment', async () => {
      const bank = await bankWithToken(t.app);
      const member = await payableMember(t.app, bank);
      t.clock.advance(9 * MINUTE);
      const body = paymentBody(member);
      assertAccepted(await pay(t.app, bank, body), body.transactionReference);
    });

    it('does not count a validation made 11 minutes before the payment: 422, held as not_validated', async () => {
      const bank = await bankWithToken(t.app);
      const member = await payableMember(t.app, bank);
      t.clock.advance(11 * MINUTE);
      await assertPaymentHeld(t.app, bank, paymentBody(member), 'not_validated');
    });
  });
}
