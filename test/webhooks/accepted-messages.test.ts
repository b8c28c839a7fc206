import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAcceptedMessages } from '../../src/webhooks/accepted-messages.js';
import { admin, bankCall, bankWithToken, putMember } from '../support/bank.js';
import { SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { acceptedPayment, type Bank, heldPayment, newMemberNumber, paymentByReference } from '../support/money-desk.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';
import { type Receiver, startReceiver } from '../support/webhook-receiver.js';

// The payment.accepted messages are written from the accepted payments, after the bank's
// statement, by the delivery job or before a person lists them: who hears of a payment is
// decided by who was subscribed when it was accepted, and nothing is written twice or missed.
for (const kind of databaseKinds()) {
  describe(`payment.accepted messages written from the accepted payments (${kind})`, () => {
    let t: TestApp;
    let bank: Bank;
    let receiver: Receiver;

    before(async () => {
      t = await startTestApp(kind);
      bank = await bankWithToken(t.app, 'Harambee Bank');
    });
    after(() => t.close());

    const subscribe = async (events: string[]) => {
      receiver = await startReceiver();
      const created = await admin(t.app, 'POST', '/webhooks', { url: receiver.url, internal: true, events });
      assert.equal(created.statusCode, 201, created.body);
      const body = json(created);
      await receiver.setUp({ secrets: [body.secret] });
      return body.webhookId as string;
    };
    const remove = async (webhookId: string) => {
      await admin(t.app, 'DELETE', `/webhooks/${webhookId}`);
      await receiver.stop();
    };
    const patch = async (webhookId: string, change: Record<string, unknown>) => {
      const response = await admin(t.app, 'PATCH', `/webhooks/${webhookId}`, change);
      assert.equal(response.statusCode, 200, response.body);
    };
    /** The endpoint's messages, oldest first, as [type, erpRefId or paymentId]. */
    const messages = async (webhookId: string) => {
      const listed = await admin(t.app, 'GET', `/webhooks/${webhookId}/messages?limit=100`);
      assert.equal(listed.statusCode, 200, listed.body);
      return (json(listed).items as { type: string; paymentId: number }[]).reverse();
    };
    const paymentIdOf = async (paid: { body: { transactionReference: string } }) =>
      (await paymentByReference(t.app, paid.body.transactionReference)).paymentId as number;

    it('tells an endpoint of the payments accepted while it is subscribed and enabled, each once', async () => {
      const before = await acceptedPayment(t.app, bank);
      const webhookId = await subscribe(['payment.accepted']);
      const first = await acceptedPayment(t.app, bank);
      // Listed at once: the list writes what the delivery job has not reached yet.
      assert.deepEqual(
        (await messages(webhookId)).map((m) => [m.type, m.paymentId]),
        [['payment.accepted', await paymentIdOf(first)]],
      );
      await patch(webhookId, { enabled: false });
      const whileDisabled = await acceptedPayment(t.app, bank);
      await patch(webhookId, { enabled: true });
      await patch(webhookId, { events: ['payment.held'] });
      const whileUnsubscribed = await acceptedPayment(t.app, bank);
      await patch(webhookId, { events: ['payment.held', 'payment.accepted'] });
      const last = await acceptedPayment(t.app, bank);
      while ((await t.app.services.webhookDelivery.deliverDue()) > 0);

      const expected = [await paymentIdOf(first), await paymentIdOf(last)];
      assert.deepEqual(
        (await messages(webhookId)).map((m) => [m.type, m.paymentId]),
        expected.map((id) => ['payment.accepted', id]),
      );
      const got = await receiver.received();
      assert.deepEqual(
        got.map((r) => r.data?.erpRefId),
        [first.erpRefId, last.erpRefId],
        `none for ${before.erpRefId}, ${whileDisabled.erpRefId} or ${whileUnsubscribed.erpRefId}`,
      );
      assert.ok(got.every((r) => r.verified));
      await remove(webhookId);
    });

    it('a held payment accepted on its re-send: payment.held, then payment.accepted; an allocated one: no acceptance', async () => {
      const webhookId = await subscribe(['payment.accepted', 'payment.held', 'payment.allocated']);
      const member = newMemberNumber();
      const resent = await heldPayment(t.app, bank, { customerRef: member });
      const allocated = await heldPayment(t.app, bank);
      await putMember(t.app, member, 'Wanjiru Kamau');
      assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: member })).statusCode, 200);
      assert.equal((await bankCall(t.app, bank.token, 'payments', resent.body)).statusCode, 200);
      const other = newMemberNumber();
      await putMember(t.app, other, 'Otieno Ouma');
      const allocation = await admin(t.app, 'POST', `/payments/${allocated.paymentId}/allocate`, {
        customerRef: other,
        note: 'the member number was mistyped',
      });
      assert.equal(allocation.statusCode, 200, allocation.body);
      while ((await t.app.services.webhookDelivery.deliverDue()) > 0);

      const listed = await messages(webhookId);
      const typesOf = (paymentId: number) => listed.filter((m) => m.paymentId === paymentId).map((m) => m.type);
      assert.equal(listed.length, 4);
      assert.deepEqual(typesOf(resent.paymentId), ['payment.held', 'payment.accepted']);
      assert.deepEqual(typesOf(allocated.paymentId), ['payment.held', 'payment.allocated']);
      const got = await receiver.received();
      assert.deepEqual(
        got.filter((r) => r.data?.paymentId === resent.paymentId).map((r) => r.type),
        ['payment.held', 'payment.accepted'],
        "one payment's events arrive in order",
      );
      await remove(webhookId);
    });

    it("writes each payment's messages once when several passes run at once", async () => {
      const webhookId = await subscribe(['payment.accepted']);
      const paid = [];
      for (let i = 0; i < 24; i++) paid.push(await acceptedPayment(t.app, bank));
      // Passes of three payments each, eight at a time on the pool's connections (one on PGlite),
      // as several instances' jobs, lists and endpoint changes would run them.
      const db = t.database.db;
      const writer = createAcceptedMessages(db, (work) => work(db));
      for (let round = 0; round < 20; round++) {
        const passed = await Promise.all(Array.from({ length: 8 }, () => writer.writeNext(3)));
        if (passed.every((count) => count === 0)) break;
      }
      const ids = await Promise.all(paid.map(paymentIdOf));
      const listed = (await messages(webhookId)).map((m) => m.paymentId);
      assert.deepEqual([...listed].sort(), [...ids].sort(), 'one message for each payment, none twice');
      await remove(webhookId);
    });

    it('counts accepted payments whose messages are not written yet in the queue and its age', async () => {
      const webhookId = await subscribe(['payment.accepted']);
      while ((await t.app.services.webhookDelivery.deliverDue()) > 0);
      const stats = t.app.services.webhookStats;
      assert.deepEqual(await stats.backlog(), { pending: 0, oldestSeconds: 0 });
      await acceptedPayment(t.app, bank);
      await acceptedPayment(t.app, bank);
      t.clock.advance(30 * SECOND);
      const waiting = await stats.backlog();
      assert.equal(waiting.pending, 2);
      assert.ok(waiting.oldestSeconds >= 30, `oldest ${waiting.oldestSeconds} s`);
      assert.equal(await t.app.services.webhookDelivery.deliverDue(), 2);
      assert.deepEqual(await stats.backlog(), { pending: 0, oldestSeconds: 0 });
      await remove(webhookId);
    });
  });
}
