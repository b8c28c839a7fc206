import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bankWithToken, paymentBody, putMember } from '../support/bank.js';
import { MINUTE, SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { newMemberNumber, newReference, payableMember, unvalidatedMember } from '../support/money-desk.js';
import {
  assertAccepted,
  assertAnswer,
  assertHeld,
  assertPaymentHeld,
  CUSTOMER_NOT_FOUND,
  duplicateOf,
  listPayments,
  NOT_VALIDATED,
  pay,
  receipt,
  recordsFor,
  validate,
} from '../support/payments.js';
import { useTestApp } from '../support/test-app.js';

// POST /bank/v1/payments: a payment for a member who cannot be paid is held (404), and a held payment
// re-sent is evaluated again.

for (const kind of databaseKinds()) {
  describe(`payment notifications (${kind})`, () => {
    const t = useTestApp(kind);

    describe('member not payable (404)', () => {
      it('holds a payment for an unknown member: 404 exactly {resultCode 1, "Customer not found"}, held as customer_not_payable, no receipt', async () => {
        const bank = await bankWithToken(t.app);
        const unknown = newMemberNumber();
        const held = await assertPaymentHeld(t.app, bank, paymentBody(unknown), 'customer_not_payable');
        assert.equal(held.customerRef, unknown);
        assert.equal(held.amount, '1500.50');
        assert.equal(held.clientId, bank.clientId);
      });

      for (const status of ['suspended', 'closed']) {
        it(`holds a payment for a ${status} member with 404 (customer_not_payable), even one validated while it was active`, async () => {
          const bank = await bankWithToken(t.app);
          const member = await payableMember(t.app, bank);
          t.clock.advance(SECOND);
          await putMember(t.app, member, 'Amina Otieno', status);
          const body = paymentBody(member);
          await assertPaymentHeld(t.app, bank, body, 'customer_not_payable');
        });
      }

      for (const customerRef of ['123456', '12345678', '12345a7', '', '   ', '123 4567', '１２３４５６７']) {
        it(`holds a payment whose customerRef ${JSON.stringify(customerRef)} is not seven digits with 404 (customer_not_payable), not 400`, async () => {
          const bank = await bankWithToken(t.app);
          const body = paymentBody(customerRef);
          await assertPaymentHeld(t.app, bank, body, 'customer_not_payable');
        });
      }

      it('holds the payment after a failed validation (member suspended): 404', async () => {
        const bank = await bankWithToken(t.app);
        const member = await unvalidatedMember(t.app, { status: 'suspended' });
        assert.equal((await validate(t.app, bank, member)).statusCode, 404);
        await assertPaymentHeld(t.app, bank, paymentBody(member), 'customer_not_payable');
      });
    });

    describe('held payments re-sent', () => {
      it('evaluates a held (not validated) payment again with its new details and accepts it once validated: one record, now accepted', async () => {
        const bank = await bankWithToken(t.app);
        const member = await unvalidatedMember(t.app);
        const reference = newReference('HELD');
        const first = { transactionReference: reference, paymentType: 'MPESA', customerRef: member, amount: '100.00' };
        await assertPaymentHeld(t.app, bank, first, 'not_validated');
        t.clock.advance(MINUTE);
        assert.equal((await validate(t.app, bank, member)).statusCode, 200);
        const resentAt = t.clock.now();
        const erpRefId = assertAccepted(
          await pay(t.app, bank, {
            transactionReference: reference,
            paymentType: 'RTGS',
            customerRef: member,
            amount: '250.75',
            narration: 'second try',
          }),
          reference,
        );
        const records = await listPayments(t.app, { customerRef: member });
        assert.equal(records.length, 1);
        assert.equal(records[0].status, 'accepted');
        assert.equal(records[0].erpRefId, erpRefId);
        const view = await receipt(t.app, erpRefId);
        assert.equal(view.amount, '250.75');
        assert.equal(view.paymentType, 'RTGS');
        assert.equal(view.narration, 'second try');
        assert.equal(view.heldReason, null);
        assert.equal(Date.parse(view.acceptedAt), resentAt.getTime());
        // Accepted now, so the reference is final with the details of the accepted notification.
        assertAnswer(await pay(t.app, bank, first), 409, duplicateOf(erpRefId));
      });

      it('evaluates a held (member unknown) payment again once the member exists, is active and validated', async () => {
        const bank = await bankWithToken(t.app);
        const member = newMemberNumber();
        const body = paymentBody(member);
        await assertPaymentHeld(t.app, bank, body, 'customer_not_payable');
        t.clock.advance(MINUTE);
        await putMember(t.app, member, 'Amina Otieno');
        await assertPaymentHeld(t.app, bank, body, 'not_validated');
        assert.equal((await validate(t.app, bank, member)).statusCode, 200);
        const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
        const records = await recordsFor(t.app, bank.clientId, body.transactionReference);
        assert.equal(records.length, 1);
        assert.equal(records[0].erpRefId, erpRefId);
      });

      it('evaluates a held payment re-sent with a different member against that member', async () => {
        const bank = await bankWithToken(t.app);
        const unknown = newMemberNumber();
        const reference = newReference('HELD');
        assertAnswer(
          await pay(t.app, bank, paymentBody(unknown, { transactionReference: reference })),
          404,
          CUSTOMER_NOT_FOUND,
        );
        const member = await payableMember(t.app, bank);
        const erpRefId = assertAccepted(
          await pay(t.app, bank, paymentBody(` ${member} `, { transactionReference: reference })),
          reference,
        );
        assert.equal((await receipt(t.app, erpRefId)).customerRef, member);
        assert.equal((await recordsFor(t.app, bank.clientId, reference)).length, 1);
        assert.equal((await listPayments(t.app, { customerRef: unknown })).length, 0);
      });

      it('updates a held payment that is re-sent and still fails, keeping one record with the latest details and reason', async () => {
        const bank = await bankWithToken(t.app);
        const member = await unvalidatedMember(t.app);
        const body = paymentBody(member, { amount: '10.00' });
        assertAnswer(await pay(t.app, bank, body), 422, NOT_VALIDATED);
        t.clock.advance(SECOND);
        await putMember(t.app, member, 'Amina Otieno', 'suspended');
        assertAnswer(await pay(t.app, bank, { ...body, amount: '20.00' }), 404, CUSTOMER_NOT_FOUND);
        const held = await assertHeld(t.app, bank, body.transactionReference, 'customer_not_payable');
        assert.equal(held.amount, '20.00');
      });
    });
  });
}
