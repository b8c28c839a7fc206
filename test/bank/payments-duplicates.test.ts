import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bankWithToken, paymentBody, putMember } from '../support/bank.js';
import { SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { type Bank, newMemberNumber, newReference, payableMember } from '../support/money-desk.js';
import {
  assertAccepted,
  assertAnswer,
  assertHeld,
  CUSTOMER_NOT_FOUND,
  duplicateOf,
  listPayments,
  NOT_VALIDATED,
  pay,
  payValidatedMember,
  receipt,
  stored,
  validate,
} from '../support/payments.js';
import { useTestApp } from '../support/test-app.js';

// POST /bank/v1/payments: re-sent notifications and references used twice, one at a time and at once.

for (const kind of databaseKinds()) {
  describe(`payment notifications (${kind})`, () => {
    const t = useTestApp(kind);

    describe('re-sent and duplicate references', () => {
      it('answers a re-send with the same details with 200 and the same receipt, leaving one record', async () => {
        const bank = await bankWithToken(t.app);
        const { member, body, erpRefId } = await payValidatedMember(t.app, bank);
        const before = await stored(t.app, erpRefId);
        assert.equal(assertAccepted(await pay(t.app, bank, body), body.transactionReference), erpRefId);
        assert.equal(assertAccepted(await pay(t.app, bank, body), body.transactionReference), erpRefId);
        assert.deepEqual(await stored(t.app, erpRefId), before);
        const { history } = await receipt(t.app, erpRefId);
        assert.deepEqual(
          history.map((event: { kind: string }) => event.kind),
          ['received', 're_sent', 're_sent'],
          'each re-send is in its history',
        );
        assert.equal((await listPayments(t.app, { customerRef: member })).length, 1);
      });

      it('compares amounts as decimals: 1500.5 (number), "1500.5" and "1500.50" are the same payment', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member, { amount: '1500.50' });
        const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
        for (const amount of [1500.5, '1500.5', 1500.5, '1500.50']) {
          assert.equal(
            assertAccepted(await pay(t.app, bank, { ...body, amount }), body.transactionReference),
            erpRefId,
            `amount ${JSON.stringify(amount)}`,
          );
        }
        assert.equal((await receipt(t.app, erpRefId)).amount, '1500.50');
      });

      it('trims transactionReference and customerRef before comparing: surrounding spaces make the same payment', async () => {
        const bank = await bankWithToken(t.app);
        const { member, body, erpRefId } = await payValidatedMember(t.app, bank);
        const spaced = {
          ...body,
          transactionReference: `  ${body.transactionReference}\t `,
          customerRef: ` ${member}  `,
        };
        assert.equal(assertAccepted(await pay(t.app, bank, spaced), body.transactionReference), erpRefId);
        assert.equal((await listPayments(t.app, { customerRef: member })).length, 1);
      });

      it('treats a re-send that differs only in fields outside the comparison (narration, payer, transactionDate) as the same payment', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member, {
          narration: 'first',
          payerName: 'A',
          transactionDate: '2026-11-20T10:00:00Z',
        });
        const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
        const before = await stored(t.app, erpRefId);
        const resend = {
          ...body,
          narration: 'second',
          payerName: 'B',
          transactionDate: '2026-11-21T10:00:00Z',
          extra: true,
        };
        assert.equal(assertAccepted(await pay(t.app, bank, resend), body.transactionReference), erpRefId);
        assert.deepEqual(await stored(t.app, erpRefId), before);
      });

      it('refuses the same reference with a different amount, paymentType, member or currency with 409 resultCode 3, and leaves the original untouched', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const otherMember = await payableMember(t.app, bank, 'Brian Kamau');
        const body = paymentBody(member, { amount: '1500.50', paymentType: 'MPESA', currency: 'KES' });
        const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
        const before = await stored(t.app, erpRefId);
        for (const change of [
          { amount: '1500.51' },
          { amount: 1500 },
          { paymentType: 'RTGS' },
          { customerRef: otherMember },
          { customerRef: undefined, additions: { customerRef: otherMember } },
          { currency: 'USD' },
        ]) {
          assertAnswer(await pay(t.app, bank, { ...body, ...change }), 409, duplicateOf(erpRefId));
        }
        const after = await stored(t.app, erpRefId);
        assert.deepEqual(after, before);
        assert.equal(after.amount, '1500.50');
        assert.equal(after.paymentType, 'MPESA');
        assert.equal(after.customerRef, member);
        assert.equal(after.currency, 'KES');
        assert.equal(after.status, 'accepted');
        assert.equal((await listPayments(t.app, { customerRef: otherMember })).length, 0);
        // The original can still be confirmed after the refusals.
        assert.equal(assertAccepted(await pay(t.app, bank, body), body.transactionReference), erpRefId);
      });

      it('keeps an accepted payment final: after the member is suspended, a re-send still gets 200 and the same receipt', async () => {
        const bank = await bankWithToken(t.app);
        const { member, body, erpRefId } = await payValidatedMember(t.app, bank);
        t.clock.advance(SECOND);
        await putMember(t.app, member, 'Amina Otieno', 'suspended');
        assert.equal(assertAccepted(await pay(t.app, bank, body), body.transactionReference), erpRefId);
        await putMember(t.app, member, 'Amina Otieno', 'closed');
        assert.equal(assertAccepted(await pay(t.app, bank, body), body.transactionReference), erpRefId);
        const view = await receipt(t.app, erpRefId);
        assert.equal(view.status, 'accepted');
        assert.equal(view.heldReason, null);
      });

      // A lone surrogate has no UTF-8 form: stored, it becomes U+FFFD, so these two are one reference.
      it('treats references that differ only in lone UTF-16 surrogates as the one reference they are stored as', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = (reference: string) =>
          JSON.stringify({ ...paymentBody(member, { amount: '12.00' }), transactionReference: reference });
        const [first, second] = await Promise.all([
          pay(t.app, bank, body('LONE-\ud800')),
          pay(t.app, bank, body('LONE-\udbff')),
        ]);
        const receipts = [first!, second!].map((response) => assertAccepted(response, 'LONE-\ufffd'));
        assert.equal(receipts[0], receipts[1], 'one payment, answered twice');
        const records = await listPayments(t.app, { customerRef: member });
        assert.deepEqual(
          records.map((r) => r.transactionReference),
          ['LONE-\ufffd'],
        );
      });

      it('gives one receipt and one record to 20 identical notifications sent at once', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member, { amount: '320.00' });
        const responses = await Promise.all(Array.from({ length: 20 }, () => pay(t.app, bank, body)));
        const receipts = new Set(responses.map((response) => assertAccepted(response, body.transactionReference)));
        assert.equal(receipts.size, 1);
        const records = await listPayments(t.app, { customerRef: member });
        assert.equal(records.length, 1);
        assert.equal(records[0].erpRefId, [...receipts][0]);
        assert.equal(records[0].status, 'accepted');
      });

      // Notifications that arrive together share a statement: each must still be decided and recorded for itself.
      it('decides and records each of many different notifications sent at once for itself', async () => {
        const bankA = await bankWithToken(t.app, 'Bank Burst A');
        const bankB = await bankWithToken(t.app, 'Bank Burst B');
        const payable = [];
        for (let i = 0; i < 8; i++) payable.push(await payableMember(t.app, bankA, `Burst Payee ${i}`));
        const suspended = await payableMember(t.app, bankA);
        await putMember(t.app, suspended, 'Amina Otieno', 'suspended');
        const validatedByB = newMemberNumber();
        await putMember(t.app, validatedByB, 'Baraka Njoroge');
        assert.equal((await validate(t.app, bankB, validatedByB)).statusCode, 200);
        const earlier = paymentBody(payable[0]!, { amount: '10.00' });
        const earlierReceipt = assertAccepted(await pay(t.app, bankA, earlier), earlier.transactionReference);
        const shared = newReference('BURST');

        const sends: { bank: Bank; body: ReturnType<typeof paymentBody> }[] = [
          ...payable.map((member, i) => ({ bank: bankA, body: paymentBody(member, { amount: `${100 + i}.00` }) })),
          { bank: bankA, body: paymentBody(suspended) },
          { bank: bankA, body: paymentBody('9999998') },
          { bank: bankA, body: paymentBody(validatedByB) },
          { bank: bankB, body: paymentBody(validatedByB, { transactionReference: shared, amount: '77.00' }) },
          { bank: bankA, body: paymentBody(payable[1]!, { transactionReference: shared, amount: '88.00' }) },
          { bank: bankA, body: earlier },
          { bank: bankA, body: { ...earlier, amount: '11.00' } },
        ];
        const answers = await Promise.all(sends.map(({ bank, body }) => pay(t.app, bank, body)));

        const receipts = new Set<string>();
        for (const [i, member] of payable.entries()) {
          const erpRefId = assertAccepted(answers[i]!, sends[i]!.body.transactionReference);
          const view = await receipt(t.app, erpRefId);
          assert.equal(view.customerRef, member, 'attributed to its own member');
          assert.equal(view.amount, `${100 + i}.00`, 'with its own amount');
          assert.equal(view.clientId, bankA.clientId);
          receipts.add(erpRefId);
        }
        assert.equal(receipts.size, payable.length, 'a receipt each');
        assertAnswer(answers[8]!, 404, CUSTOMER_NOT_FOUND);
        assertAnswer(answers[9]!, 404, CUSTOMER_NOT_FOUND);
        assertAnswer(answers[10]!, 422, NOT_VALIDATED);
        const forB = await receipt(t.app, assertAccepted(answers[11]!, shared));
        const forA = await receipt(t.app, assertAccepted(answers[12]!, shared));
        assert.deepEqual([forB.clientId, forB.customerRef, forB.amount], [bankB.clientId, validatedByB, '77.00']);
        assert.deepEqual([forA.clientId, forA.customerRef, forA.amount], [bankA.clientId, payable[1], '88.00']);
        assert.equal(
          assertAccepted(answers[13]!, earlier.transactionReference),
          earlierReceipt,
          're-sent: the same receipt',
        );
        assertAnswer(answers[14]!, 409, duplicateOf(earlierReceipt));
        await assertHeld(t.app, bankA, sends[8]!.body.transactionReference, 'customer_not_payable');
        await assertHeld(t.app, bankA, sends[10]!.body.transactionReference, 'not_validated');
      });

      it('lets another client use the same transactionReference for its own payment, with a different receipt', async () => {
        const bankA = await bankWithToken(t.app, 'Bank A');
        const bankB = await bankWithToken(t.app, 'Bank B');
        const member = await payableMember(t.app, bankA);
        assert.equal((await validate(t.app, bankB, member)).statusCode, 200);
        const reference = newReference('SHARED');
        const first = assertAccepted(
          await pay(t.app, bankA, paymentBody(member, { transactionReference: reference, amount: '100.00' })),
          reference,
        );
        const second = assertAccepted(
          await pay(t.app, bankB, paymentBody(member, { transactionReference: reference, amount: '999.00' })),
          reference,
        );
        assert.notEqual(first, second);
        const viewA = await receipt(t.app, first);
        const viewB = await receipt(t.app, second);
        assert.equal(viewA.clientId, bankA.clientId);
        assert.equal(viewA.amount, '100.00');
        assert.equal(viewB.clientId, bankB.clientId);
        assert.equal(viewB.amount, '999.00');
      });

      it("does not let one client's accepted reference stand in for another client's unvalidated payment (422, not 200 or 409)", async () => {
        const bankA = await bankWithToken(t.app, 'Bank A');
        const bankB = await bankWithToken(t.app, 'Bank B');
        const member = await payableMember(t.app, bankA);
        const body = paymentBody(member);
        assertAccepted(await pay(t.app, bankA, body), body.transactionReference);
        assertAnswer(await pay(t.app, bankB, body), 422, NOT_VALIDATED);
        assertAnswer(await pay(t.app, bankB, { ...body, amount: '1.00' }), 422, NOT_VALIDATED);
      });
    });
  });
}
