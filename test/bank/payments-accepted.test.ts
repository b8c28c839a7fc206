import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bankWithToken, paymentBody } from '../support/bank.js';
import { SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { newReference, payableMember } from '../support/money-desk.js';
import { assertAccepted, pay, receipt } from '../support/payments.js';
import { json, useTestApp } from '../support/test-app.js';

// POST /bank/v1/payments: what an accepted payment answers and what is stored of it.

for (const kind of databaseKinds()) {
  describe(`payment notifications (${kind})`, () => {
    const t = useTestApp(kind);

    describe('acceptance', () => {
      it('accepts a payment for a member validated by the same client: 200 with exactly resultCode 0, message, erpRefId and transactionReference', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member);
        const response = await pay(t.app, bank, body);
        assert.equal(response.statusCode, 200, response.body);
        const erpRefId = json(response).erpRefId;
        assert.deepEqual(json(response), {
          resultCode: 0,
          message: 'Payment accepted',
          erpRefId,
          transactionReference: body.transactionReference,
        });
      });

      it('gives an eight-character receipt of upper-case letters and digits without 0, O, 1, I or L, different for every payment', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const receipts = new Set<string>();
        for (let i = 0; i < 12; i++) {
          const body = paymentBody(member, { amount: `${100 + i}.00` });
          const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
          assert.equal(erpRefId.length, 8);
          assert.doesNotMatch(erpRefId, /[0O1IL]/);
          receipts.add(erpRefId);
        }
        assert.equal(receipts.size, 12);
      });

      it('records the accepted payment as the admin API shows it: exact amount, trimmed customerRef, reference, type, status, client and dates', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const reference = newReference();
        const now = t.clock.now();
        const erpRefId = assertAccepted(
          await pay(t.app, bank, {
            transactionReference: reference,
            paymentType: 'PESALINK',
            customerRef: `  ${member}  `,
            amount: '1500.5',
          }),
          reference,
        );
        const view = await receipt(t.app, erpRefId);
        assert.equal(view.erpRefId, erpRefId);
        assert.equal(view.amount, '1500.50');
        assert.equal(view.customerRef, member);
        assert.equal(view.transactionReference, reference);
        assert.equal(view.paymentType, 'PESALINK');
        assert.equal(view.status, 'accepted');
        assert.equal(view.heldReason, null);
        assert.equal(view.clientId, bank.clientId);
        assert.equal(Date.parse(view.receivedAt), now.getTime());
        assert.equal(Date.parse(view.acceptedAt), now.getTime());
      });

      it('keeps amounts exact at the limits: "9999999999999.99" (13 integer digits) and "0.10"', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        for (const [sent, stored] of [
          ['9999999999999.99', '9999999999999.99'],
          ['0.10', '0.10'],
          ['0.01', '0.01'],
          [0.1, '0.10'],
          [1500.5, '1500.50'],
          ['250', '250.00'],
        ] as const) {
          const body = paymentBody(member, { amount: sent });
          const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
          assert.equal((await receipt(t.app, erpRefId)).amount, stored, `amount ${JSON.stringify(sent)}`);
        }
      });

      it('accepts every listed paymentType: MPESA, RTGS, PESALINK, OTG, BRANCH, CHEQUE', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        for (const paymentType of ['MPESA', 'RTGS', 'PESALINK', 'OTG', 'BRANCH', 'CHEQUE']) {
          const body = paymentBody(member, { paymentType });
          const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
          assert.equal((await receipt(t.app, erpRefId)).paymentType, paymentType);
        }
      });

      it('accepts a transactionReference of 64 characters after trimming and answers it trimmed', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const reference = newReference('LEN64').padEnd(64, 'X');
        assert.equal(reference.length, 64);
        const erpRefId = assertAccepted(
          await pay(t.app, bank, paymentBody(member, { transactionReference: `  ${reference} ` })),
          reference,
        );
        assert.equal((await receipt(t.app, erpRefId)).transactionReference, reference);
      });

      it('accepts the Member Number as additions.customerRef, as some bank gateways nest it', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const reference = newReference();
        const erpRefId = assertAccepted(
          await pay(t.app, bank, {
            transactionReference: reference,
            paymentType: 'MPESA',
            amount: '75.00',
            additions: { customerRef: ` ${member} `, gatewayId: 'GW-7' },
          }),
          reference,
        );
        const view = await receipt(t.app, erpRefId);
        assert.equal(view.customerRef, member);
        assert.equal(view.amount, '75.00');
      });

      it('defaults currency to KES and transactionDate to the time of receipt', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        t.clock.advance(7 * SECOND);
        const receivedAt = t.clock.now();
        const body = paymentBody(member);
        const view = await receipt(t.app, assertAccepted(await pay(t.app, bank, body), body.transactionReference));
        assert.equal(view.currency, 'KES');
        assert.equal(Date.parse(view.transactionDate), receivedAt.getTime());
        for (const field of ['payerName', 'payerAccount', 'payerPhone', 'narration']) {
          assert.ok(view[field] === null || view[field] === undefined, `${field} not sent, so not stored`);
        }
      });

      it('stores the optional fields: currency, transactionDate, payerName, payerAccount, payerPhone, narration', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member, {
          currency: 'USD',
          transactionDate: '2026-11-20T10:15:00+03:00',
          payerName: 'Jane Wanjiru',
          payerAccount: '0110012345678',
          payerPhone: '+254712345678',
          narration: 'Membership fee November',
        });
        const view = await receipt(t.app, assertAccepted(await pay(t.app, bank, body), body.transactionReference));
        assert.equal(view.currency, 'USD');
        assert.equal(Date.parse(view.transactionDate), Date.parse('2026-11-20T07:15:00Z'));
        assert.equal(view.payerName, 'Jane Wanjiru');
        assert.equal(view.payerAccount, '0110012345678');
        assert.equal(view.payerPhone, '+254712345678');
        assert.equal(view.narration, 'Membership fee November');
      });

      it('ignores unknown fields and keeps the raw notification exactly as sent', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const reference = newReference();
        const text =
          `{\n  "transactionReference" : "${reference}",\n  "paymentType": "RTGS",\n  "customerRef": "${member}",\n` +
          `  "amount": 250,\n  "bankBranch": "Westlands",\n  "meta": {"channelId": 7, "tags": ["a", "b"], "note": "caf\\u00e9"}\n}`;
        const erpRefId = assertAccepted(await pay(t.app, bank, text), reference);
        const view = await receipt(t.app, erpRefId);
        assert.equal(view.rawNotification, text);
        assert.equal(view.amount, '250.00');
        assert.equal(view.paymentType, 'RTGS');
      });
    });
  });
}
