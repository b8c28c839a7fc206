import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TEST_MEMBERS } from '../../src/sandbox/test-members.js';
import { runJob } from '../support/alerts.js';
import { admin, bankWithToken, paymentBody, putMember } from '../support/bank.js';
import { DAY } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { newMemberNumber } from '../support/money-desk.js';
import {
  assertAccepted,
  assertAnswer,
  CUSTOMER_NOT_FOUND,
  duplicateOf,
  NOT_VALIDATED,
  pay,
  RECEIPT,
  validate,
} from '../support/payments.js';
import { json, useTestApp } from '../support/test-app.js';

// A sandbox client: the same three calls and answers as a live one, on the test members only.

const TEST_RECEIPT = /^TEST[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}$/;
const FOUND = (customerRef: string, customerName: string) => ({
  resultCode: 0,
  message: 'Customer found',
  customerName,
  customerRef,
});
const NOT_FOUND = { resultCode: 1, message: 'Customer not found', customerName: '', customerRef: '' };

for (const kind of databaseKinds()) {
  describe(`sandbox clients (${kind})`, () => {
    const t = useTestApp(kind);
    const sandboxBank = () => bankWithToken(t.app, 'Sandbox Bank', { sandbox: true });

    it('answers each test member as the guide says: found with its name, or 404 not found', async () => {
      const bank = await sandboxBank();
      for (const member of TEST_MEMBERS) {
        const response = await validate(t.app, bank, ` ${member.customerRef} `);
        if (member.status === 'active' && member.fullName !== null) {
          assertAnswer(response, 200, FOUND(member.customerRef, member.fullName));
        } else {
          assertAnswer(response, 404, NOT_FOUND);
        }
      }
    });

    it('never finds a real member, and a live token never finds a test member', async () => {
      const real = newMemberNumber();
      await putMember(t.app, real, 'Real Member', 'active');
      const sandbox = await sandboxBank();
      assertAnswer(await validate(t.app, sandbox, real), 404, NOT_FOUND);
      const held = paymentBody(real);
      assertAnswer(await pay(t.app, sandbox, held), 404, CUSTOMER_NOT_FOUND);
      const live = await bankWithToken(t.app, 'Live Bank');
      assertAnswer(await validate(t.app, live, '9900001'), 404, NOT_FOUND);
      assertAnswer(await validate(t.app, live, real), 200, FOUND(real, 'Real Member'));
    });

    it('accepts a validated test member with a TEST receipt, answers a re-send alike and a changed amount 409', async () => {
      const bank = await sandboxBank();
      assertAnswer(await validate(t.app, bank, '9900001'), 200, FOUND('9900001', 'Jane Wanjiru Test'));
      const body = paymentBody('9900001', { amount: '250.00' });
      const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
      assert.match(erpRefId, TEST_RECEIPT);
      assert.equal(assertAccepted(await pay(t.app, bank, body), body.transactionReference), erpRefId);
      assertAnswer(await pay(t.app, bank, { ...body, amount: '251.00' }), 409, duplicateOf(erpRefId));
    });

    it('holds what the guide says it holds: not validated (422), suspended, closed or unknown (404)', async () => {
      const bank = await sandboxBank();
      assertAnswer(await pay(t.app, bank, paymentBody('9900006')), 422, NOT_VALIDATED);
      assertAnswer(await validate(t.app, bank, '9900008'), 200, FOUND('9900008', 'Samuel Kiprono Test'));
      assertAnswer(await pay(t.app, bank, paymentBody('9900008')), 422, NOT_VALIDATED);
      for (const customerRef of ['9900002', '9900003', '9900004']) {
        assertAnswer(await pay(t.app, bank, paymentBody(customerRef)), 404, CUSTOMER_NOT_FOUND);
      }
      // A held one is evaluated again when re-sent, as a live one is.
      const later = paymentBody('9900006');
      assertAnswer(await pay(t.app, bank, later), 422, NOT_VALIDATED);
      await validate(t.app, bank, '9900006');
      assert.match(assertAccepted(await pay(t.app, bank, later), later.transactionReference), TEST_RECEIPT);
    });

    it('refuses an amount with three decimals with the same 400 as a live client', async () => {
      const bank = await sandboxBank();
      const live = await bankWithToken(t.app, 'Live Bank');
      const body = paymentBody('9900001', { amount: '100.123' });
      const sandboxAnswer = await pay(t.app, bank, body);
      const liveAnswer = await pay(t.app, live, body);
      assert.equal(sandboxAnswer.statusCode, 400);
      assert.equal(sandboxAnswer.body, liveAnswer.body);
    });

    it('lists test payments under the bank alone, never among the payments', async () => {
      const bank = await sandboxBank();
      await validate(t.app, bank, '9900005');
      const body = paymentBody('9900005');
      const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
      const listed = json(await admin(t.app, 'GET', `/clients/${bank.clientId}/test-payments`));
      assert.deepEqual(
        listed.items.map((p: { erpRefId: string; memberName: string }) => [p.erpRefId, p.memberName]),
        [[erpRefId, 'Wanjirũ Ñambura-Ōtieno Test']],
      );
      assert.equal((await admin(t.app, 'GET', `/payments/${erpRefId}`)).statusCode, 404);
      const payments = json(await admin(t.app, 'GET', `/payments?transactionReference=${body.transactionReference}`));
      assert.deepEqual(payments.items, []);
    });

    it('keeps a client sandbox or live for good', async () => {
      const sandbox = await sandboxBank();
      const live = await bankWithToken(t.app, 'Live Bank');
      assert.equal((await admin(t.app, 'PATCH', `/clients/${sandbox.clientId}`, { sandbox: false })).statusCode, 409);
      assert.equal((await admin(t.app, 'PATCH', `/clients/${live.clientId}`, { sandbox: true })).statusCode, 409);
      const client = json(await admin(t.app, 'GET', `/clients/${sandbox.clientId}`));
      assert.equal(client.sandbox, true);
      assert.equal(json(await admin(t.app, 'GET', `/clients/${live.clientId}`)).sandbox, false);
    });

    it('gives live receipts that never start with TEST', async () => {
      const live = await bankWithToken(t.app, 'Live Bank');
      const member = newMemberNumber();
      await putMember(t.app, member, 'Live Member', 'active');
      await validate(t.app, live, member);
      const body = paymentBody(member);
      const erpRefId = assertAccepted(await pay(t.app, live, body), body.transactionReference);
      assert.match(erpRefId, RECEIPT);
      assert.doesNotMatch(erpRefId, /^TEST/);
    });
  });
}

for (const kind of databaseKinds()) {
  describe(`test payments are kept for BIS_SANDBOX_RETENTION (${kind})`, () => {
    const t = useTestApp(kind, { config: { sandboxRetention: 30 * DAY } });
    const prune = () => runJob(t, 'prune-test-payments');

    it('keeps a test payment 30 days, then removes it, its validations and its webhook messages', async () => {
      const endpoint = {
        url: 'http://127.0.0.1:9/erp',
        internal: true,
        events: ['payment.accepted'],
        testEvents: true,
      };
      assert.equal((await admin(t.app, 'POST', '/webhooks', endpoint)).statusCode, 201);
      const testMessages = async () =>
        (await t.database.db.selectFrom('webhook_messages').select('id').where('livemode', '=', false).execute())
          .length;
      const bank = await bankWithToken(t.app, 'Sandbox Bank', { sandbox: true });
      await validate(t.app, bank, '9900001');
      const body = paymentBody('9900001');
      assertAccepted(await pay(t.app, bank, body), body.transactionReference);
      const listed = async () => json(await admin(t.app, 'GET', `/clients/${bank.clientId}/test-payments`)).items;
      t.clock.advance(29 * DAY);
      await prune();
      assert.equal((await listed()).length, 1);
      assert.equal(await testMessages(), 1);
      t.clock.advance(2 * DAY);
      await prune();
      assert.deepEqual(await listed(), []);
      assert.equal(await testMessages(), 0);
      const validations = await t.database.db.selectFrom('sandbox_validations').select('client_id').execute();
      assert.deepEqual(validations, []);
    });
  });
}
