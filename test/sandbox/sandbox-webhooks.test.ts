import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { admin, bankWithToken, paymentBody, putMember } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { newMemberNumber } from '../support/money-desk.js';
import { assertAccepted, pay, validate } from '../support/payments.js';
import { json, startAtOwnOrigin, type TestApp } from '../support/test-app.js';
import { type Receiver, startReceiver } from '../support/webhook-receiver.js';

// Test payments reach only the webhook endpoints that ask for test events, marked "livemode": false;
// and "Send a test payment" plays the bank against the service's own public address.

const EVENTS = ['payment.accepted', 'payment.held'];

for (const kind of databaseKinds()) {
  describe(`sandbox test events and the test payment (${kind})`, () => {
    let t: TestApp;
    let testing: Receiver;
    let liveOnly: Receiver;
    before(async () => {
      t = (await startAtOwnOrigin(kind)).service;
      testing = await startReceiver();
      liveOnly = await startReceiver();
      for (const [receiver, testEvents] of [
        [testing, true],
        [liveOnly, false],
      ] as const) {
        const made = await admin(t.app, 'POST', '/webhooks', {
          url: receiver.url,
          internal: true,
          events: EVENTS,
          testEvents,
        });
        assert.equal(made.statusCode, 201, made.body);
        assert.equal(json(made).testEvents, testEvents);
        await receiver.setUp({ secrets: [json(made).secret] });
      }
    });
    after(async () => {
      await testing?.stop();
      await liveOnly?.stop();
      await t?.close();
    });
    const deliver = () => t.app.services.webhookDelivery.deliverDue();

    it('sends a test payment only to an endpoint subscribed to test events, with livemode false', async () => {
      const sandbox = await bankWithToken(t.app, 'Equity UAT', { sandbox: true });
      await validate(t.app, sandbox, '9900001');
      const body = paymentBody('9900001');
      const erpRefId = assertAccepted(await pay(t.app, sandbox, body), body.transactionReference);
      await pay(t.app, sandbox, paymentBody('9900003'));
      await deliver();
      const got = (await testing.received()).filter((m) => m.data?.clientId === sandbox.clientId);
      assert.deepEqual(
        got.map((m) => [m.type, m.livemode, m.verified]),
        [
          ['payment.accepted', false, true],
          ['payment.held', false, true],
        ],
      );
      assert.equal(got[0]?.data?.erpRefId, erpRefId);
      assert.equal(got[0]?.data?.memberName, 'Jane Wanjiru Test');
      assert.equal(got[0]?.data?.clientName, 'Equity UAT');
      assert.deepEqual(
        (await liveOnly.received()).filter((m) => m.data?.clientId === sandbox.clientId),
        [],
      );
    });

    it('marks a live payment livemode true, to both endpoints', async () => {
      const live = await bankWithToken(t.app, 'Equity Bank');
      const member = newMemberNumber();
      await putMember(t.app, member, 'Live Member');
      await validate(t.app, live, member);
      const body = paymentBody(member);
      const erpRefId = assertAccepted(await pay(t.app, live, body), body.transactionReference);
      await deliver();
      for (const receiver of [testing, liveOnly]) {
        const got = (await receiver.received()).filter((m) => m.data?.erpRefId === erpRefId);
        assert.deepEqual(
          got.map((m) => [m.type, m.livemode]),
          [['payment.accepted', true]],
        );
      }
    });

    it('sends a test payment through the public address: each step passed, the webhook delivered, the secret revoked', async () => {
      const sandbox = await bankWithToken(t.app, 'Equity UAT', { sandbox: true });
      const answer = await admin(t.app, 'POST', `/clients/${sandbox.clientId}/test-payment`);
      assert.equal(answer.statusCode, 200, answer.body);
      const result = json(answer);
      assert.equal(result.passed, true, answer.body);
      assert.deepEqual(
        result.steps.map((step: { name: string; passed: boolean }) => [step.name, step.passed]),
        [
          ['token', true],
          ['validate 9900001 (active)', true],
          ['payment for 9900001', true],
          ['the same payment again (a retry): the same receipt', true],
        ],
      );
      const erpRefId = result.steps[2].erpRefId;
      assert.match(erpRefId, /^TEST/);
      assert.deepEqual(
        result.deliveries.map((d: { url: string; status: string; lastStatusCode: number }) => [
          d.url,
          d.status,
          d.lastStatusCode,
        ]),
        [[testing.url, 'delivered', 204]],
      );
      const listed = json(await admin(t.app, 'GET', `/clients/${sandbox.clientId}/test-payments`));
      assert.deepEqual(
        listed.items.map((p: { erpRefId: string }) => p.erpRefId),
        [erpRefId],
      );
      // The secret it made for itself is neither listed nor usable, and took none of the bank's slots.
      const client = json(await admin(t.app, 'GET', `/clients/${sandbox.clientId}`));
      assert.equal(client.secrets.length, 1);
      assert.equal((await admin(t.app, 'POST', `/clients/${sandbox.clientId}/secrets`)).statusCode, 201);
      const usable = await t.database.db
        .selectFrom('client_secrets')
        .select('id')
        .where('client_id', '=', sandbox.clientId)
        .where('self_test', '=', true)
        .where('revoked_at', 'is', null)
        .execute();
      assert.deepEqual(usable, []);
      const audit = json(await admin(t.app, 'GET', '/audit?action=client.test_payment_sent'));
      assert.match(audit.items.at(-1).sentence, /sent a test payment as the sandbox bank Equity UAT/);
    });

    it('refuses a test payment for a live bank with 409', async () => {
      const live = await bankWithToken(t.app, 'Equity Bank');
      const answer = await admin(t.app, 'POST', `/clients/${live.clientId}/test-payment`);
      assert.equal(answer.statusCode, 409);
      assert.match(json(answer).message, /Equity Bank is a live bank/);
    });
  });
}
