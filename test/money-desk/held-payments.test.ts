import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { admin, bankCall, bankWithToken, putMember } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import {
  type Bank,
  exportRecords,
  exportRecordsHolding,
  heldPayment,
  newMemberNumber,
  payableMember,
  paymentByReference,
} from '../support/money-desk.js';
import { addOperator, asPage, signIn } from '../support/operators.js';
import { RECEIPT } from '../support/payments.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`held payments: allocate and return (${kind})`, () => {
    let t: TestApp;
    let bank: Bank;
    before(async () => {
      t = await startTestApp(kind);
      bank = await bankWithToken(t.app, 'Equity Bank');
    });
    after(() => t.close());

    const allocate = (paymentId: number, customerRef: string, note = 'Member called; typo in the account number') =>
      admin(t.app, 'POST', `/payments/${paymentId}/allocate`, { customerRef, note });

    it('every payment has a paymentId, held ones included, in lists and by id', async () => {
      const held = await heldPayment(t.app, bank);
      const byId = await admin(t.app, 'GET', `/payments/${held.paymentId}`);
      assert.equal(byId.statusCode, 200, byId.body);
      const payment = json(byId);
      assert.equal(payment.paymentId, held.paymentId);
      assert.equal(payment.status, 'held');
      assert.equal(payment.heldReason, 'customer_not_payable');
      assert.equal(payment.erpRefId, null);
      assert.equal(payment.clientName, 'Equity Bank');
      assert.equal(payment.source, 'notification');
      assert.deepEqual(
        payment.history.map((entry: { kind: string }) => entry.kind),
        ['received'],
      );
    });

    it('allocates a held payment to an active member: a new receipt, accepted, in the export once', async () => {
      const member = newMemberNumber();
      await putMember(t.app, member, 'Jane Wanjiru');
      const held = await heldPayment(t.app, bank, { amount: '2500.75' });
      const response = await allocate(held.paymentId, member);
      assert.equal(response.statusCode, 200, response.body);
      const payment = json(response);
      assert.equal(payment.status, 'accepted');
      assert.match(payment.erpRefId, RECEIPT);
      assert.equal(payment.memberNumber, member);
      assert.equal(payment.memberName, 'Jane Wanjiru');
      assert.equal(payment.heldReason, null);
      assert.equal(payment.customerRef, '9999999', 'what the bank sent is kept');
      const allocated = payment.history.at(-1);
      assert.equal(allocated.kind, 'allocated');
      assert.equal(allocated.actor, 'owner token');
      assert.equal(allocated.note, 'Member called; typo in the account number');
      assert.equal(allocated.detail.erpRefId, payment.erpRefId);

      const { records } = await exportRecordsHolding(t.app, (record) => record.erpRefId === payment.erpRefId);
      const exported = records.filter((record) => record.erpRefId === payment.erpRefId);
      assert.equal(exported.length, 1);
      assert.equal(exported[0].customerRef, member, 'the ERP credits the member it was allocated to');
      assert.equal(exported[0].paymentId, String(held.paymentId));
      assert.equal(exported[0].amount, '2500.75');
    });

    it('a re-send after allocation gets 200 with that receipt; with other details 409 resultCode 3', async () => {
      const member = newMemberNumber();
      await putMember(t.app, member, 'Peter Otieno');
      const held = await heldPayment(t.app, bank);
      const erpRefId = json(await allocate(held.paymentId, member)).erpRefId;

      const again = await bankCall(t.app, bank.token, 'payments', held.body);
      assert.equal(again.statusCode, 200, again.body);
      assert.deepEqual(json(again), {
        resultCode: 0,
        message: 'Payment accepted',
        transactionReference: held.body.transactionReference,
        erpRefId,
      });

      const other = await bankCall(t.app, bank.token, 'payments', { ...held.body, amount: '1.00' });
      assert.equal(other.statusCode, 409, other.body);
      assert.equal(json(other).resultCode, 3);

      const payment = json(await admin(t.app, 'GET', `/payments/${erpRefId}`));
      assert.equal(payment.erpRefId, erpRefId);
      assert.deepEqual(
        payment.history.map((entry: { kind: string }) => entry.kind),
        ['received', 'allocated', 're_sent', 're_sent'],
      );
    });

    it('allocating to a member who does not exist, or is not active, is 409 with the reason; nothing changes', async () => {
      const held = await heldPayment(t.app, bank);
      const unknown = await allocate(held.paymentId, '8888881');
      assert.equal(unknown.statusCode, 409, unknown.body);
      assert.match(json(unknown).message, /No member 8888881/);
      const suspended = newMemberNumber();
      await putMember(t.app, suspended, 'Suspended Member', 'suspended');
      const refused = await allocate(held.paymentId, suspended);
      assert.equal(refused.statusCode, 409, refused.body);
      assert.match(json(refused).message, /is suspended/);
      const payment = json(await admin(t.app, 'GET', `/payments/${held.paymentId}`));
      assert.equal(payment.status, 'held');
      assert.equal(payment.history.length, 1);
    });

    it('allocating or returning a payment that is not held is 409; an unknown paymentId is 404', async () => {
      const member = await payableMember(t.app, bank);
      const accepted = await bankCall(t.app, bank.token, 'payments', {
        transactionReference: `ACC-${member}`,
        paymentType: 'MPESA',
        customerRef: member,
        amount: '100.00',
      });
      assert.equal(accepted.statusCode, 200);
      const { paymentId } = await paymentByReference(t.app, `ACC-${member}`);
      const allocated = await allocate(paymentId, member);
      assert.equal(allocated.statusCode, 409);
      assert.match(json(allocated).message, /is accepted, not held/);
      const returned = await admin(t.app, 'POST', `/payments/${paymentId}/return`, { note: 'wrong' });
      assert.equal(returned.statusCode, 409);
      assert.equal((await allocate(987654321, member)).statusCode, 404);
    });

    it('a note is required, and customerRef must be seven digits', async () => {
      const held = await heldPayment(t.app, bank);
      const noNote = await admin(t.app, 'POST', `/payments/${held.paymentId}/allocate`, {
        customerRef: '1234567',
        note: '  ',
      });
      assert.equal(noNote.statusCode, 400);
      assert.match(json(noNote).message, /^note: /);
      const badRef = await allocate(held.paymentId, '12345');
      assert.equal(badRef.statusCode, 400);
      assert.match(json(badRef).message, /^customerRef: /);
    });

    it('returns a held payment: final, never exported; a re-send gets the held answer and it stays returned', async () => {
      const member = newMemberNumber();
      await putMember(t.app, member, 'Closed Account', 'suspended');
      const held = await heldPayment(t.app, bank, { customerRef: member });
      const response = await admin(t.app, 'POST', `/payments/${held.paymentId}/return`, {
        note: 'Not our member; refunded by the bank',
      });
      assert.equal(response.statusCode, 200, response.body);
      const payment = json(response);
      assert.equal(payment.status, 'returned');
      assert.equal(payment.erpRefId, null);
      assert.equal(payment.heldReason, 'customer_not_payable');
      assert.equal(payment.history.at(-1).kind, 'returned');
      assert.equal(payment.history.at(-1).note, 'Not our member; refunded by the bank');

      // The member can be paid now, and still the returned payment is answered as it was while held.
      await putMember(t.app, member, 'Closed Account', 'active');
      assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: member })).statusCode, 200);
      const again = await bankCall(t.app, bank.token, 'payments', held.body);
      assert.equal(again.statusCode, held.response.statusCode);
      assert.equal(again.body, held.response.body);
      assert.equal(json(await admin(t.app, 'GET', `/payments/${held.paymentId}`)).status, 'returned');
      assert.equal((await allocate(held.paymentId, member)).statusCode, 409);

      const { records } = await exportRecords(t.app);
      assert.equal(records.filter((record) => record.paymentId === String(held.paymentId)).length, 0);
      const listed = json(await admin(t.app, 'GET', '/payments?status=returned'));
      assert.ok(listed.items.some((item: { paymentId: number }) => item.paymentId === held.paymentId));
      const reference = encodeURIComponent(String(held.body.transactionReference));
      const found = json(
        await admin(
          t.app,
          'GET',
          `/payments?transactionReference=${reference}&clientId=${bank.clientId}&paymentType=${String(held.body.paymentType).toLowerCase()}`,
        ),
      );
      assert.deepEqual(
        found.items.map((item: { paymentId: number }) => item.paymentId),
        [held.paymentId],
        'found by its reference, bank and type, the type in any case',
      );
    });

    it('two operators allocating the same held payment at once give one receipt; the other gets 409', async () => {
      const member = newMemberNumber();
      await putMember(t.app, member, 'Grace Achieng');
      const held = await heldPayment(t.app, bank);
      const answers = await Promise.all([allocate(held.paymentId, member), allocate(held.paymentId, member)]);
      const codes = answers.map((answer) => answer.statusCode).sort();
      assert.deepEqual(codes, [200, 409], answers.map((answer) => answer.body).join('\n'));
      const winner = json(answers.find((answer) => answer.statusCode === 200)!);
      const payment = json(await admin(t.app, 'GET', `/payments/${held.paymentId}`));
      assert.equal(payment.erpRefId, winner.erpRefId);
      assert.equal(payment.history.filter((entry: { kind: string }) => entry.kind === 'allocated').length, 1);
      const { records } = await exportRecordsHolding(t.app, (record) => record.paymentId === String(held.paymentId));
      assert.equal(records.filter((record) => record.paymentId === String(held.paymentId)).length, 1);
    });

    it('records who allocated, when, and the note, in the history and the audit; a viewer may not', async () => {
      const finance = await addOperator(t.app, 'finance');
      const viewer = await addOperator(t.app, 'viewer');
      const member = newMemberNumber();
      await putMember(t.app, member, 'Faith Njeri');
      const held = await heldPayment(t.app, bank);
      const viewerSession = await signIn(t.app, viewer.email, viewer.password);
      const refused = await t.app.inject({
        method: 'POST',
        url: `/admin/v1/payments/${held.paymentId}/allocate`,
        headers: asPage(viewerSession),
        payload: { customerRef: member, note: 'trying' },
      });
      assert.equal(refused.statusCode, 403);

      const session = await signIn(t.app, finance.email, finance.password);
      t.clock.advance(60_000);
      const done = await t.app.inject({
        method: 'POST',
        url: `/admin/v1/payments/${held.paymentId}/allocate`,
        headers: asPage(session),
        payload: { customerRef: member, note: 'Confirmed by phone' },
      });
      assert.equal(done.statusCode, 200, done.body);
      const entry = json(done).history.at(-1);
      assert.equal(entry.actor, finance.email);
      assert.equal(entry.at, t.clock.now().toISOString());
      const audit = json(await admin(t.app, 'GET', '/audit?order=newest&limit=5'));
      const record = audit.items.find((item: { action: string }) => item.action === 'payment.allocated');
      assert.equal(record.target, String(held.paymentId));
      assert.equal(record.actor, finance.email);
      assert.equal(record.detail.note, 'Confirmed by phone');
    });
  });
}
