import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { RETRY_DELAYS_MS } from '../../src/webhooks/retry-schedule.js';
import { admin, bankWithToken } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { acceptedPayment, type Bank, heldPayment, referenceOf } from '../support/money-desk.js';
import { json, useTestApp } from '../support/test-app.js';
import { type Receiver, startReceiver } from '../support/webhook-receiver.js';

// An endpoint's delivery log as finance reads it: which payment each message is about, every
// attempt counted however often it was sent again, how many match, and the log as CSV.

for (const kind of databaseKinds()) {
  describe(`webhook messages, as the delivery log lists them (${kind})`, () => {
    const t = useTestApp(kind);
    let bank: Bank;
    let receiver: Receiver | undefined;
    let webhookId: string;

    const subscribe = async (events: string[], plan: string[] = []) => {
      bank = await bankWithToken(t.app, 'Harambee Bank');
      const started = await startReceiver();
      receiver = started;
      const created = await admin(t.app, 'POST', '/webhooks', { url: started.url, internal: true, events });
      assert.equal(created.statusCode, 201, created.body);
      webhookId = json(created).webhookId;
      await started.setUp({ secrets: [json(created).secret], plan });
    };
    // Whatever a test's outcome, its receiver stops: a receiver left running would keep the file from ending.
    afterEach(async () => {
      await admin(t.app, 'DELETE', `/webhooks/${webhookId}`);
      await receiver?.stop();
      receiver = undefined;
    });
    const deliver = () => t.app.services.webhookDelivery.deliverDue();
    const messages = async (query = '') => json(await admin(t.app, 'GET', `/webhooks/${webhookId}/messages${query}`));
    /** Delivers, then moves the clock to when every pending message is due again, until none is. */
    const deliverUntilSettled = async () => {
      for (let round = 0; round <= RETRY_DELAYS_MS.length + 1; round++) {
        await deliver();
        const pending = (await messages('?status=pending')).items as { nextAttemptAt: string }[];
        if (pending.length === 0) return;
        const latest = Math.max(...pending.map((m) => Date.parse(m.nextAttemptAt)));
        t.clock.advance(Math.max(0, latest - t.clock.now().getTime()) + 1);
      }
    };

    it('counts every attempt across replays: a message that failed for good and then went through was tried 15 times', async () => {
      const failures = RETRY_DELAYS_MS.length + 1;
      await subscribe(['payment.accepted'], [...Array(failures).fill('500'), 'ok']);
      await acceptedPayment(t.app, bank);
      await deliverUntilSettled();
      const [failed] = (await messages('?status=failed')).items;
      assert.equal(failed.attempts, failures, 'every attempt of the schedule');

      const replayed = json(await admin(t.app, 'POST', `/webhooks/${webhookId}/messages/${failed.messageId}/replay`));
      assert.equal(replayed.status, 'pending');
      assert.equal(replayed.attempts, failures, 'sending again takes back no attempt already made');
      assert.equal(await deliver(), 1);
      const [delivered] = (await messages()).items;
      assert.equal(delivered.status, 'delivered');
      assert.equal(delivered.attempts, failures + 1, 'the attempts before the replay and the one after');
      assert.equal(failed.lastOutcome, 'rejected');
      assert.equal(failed.lastStatusCode, 500);
      assert.equal(delivered.lastOutcome, 'delivered');
      assert.equal(delivered.lastAttemptAt, t.clock.now().toISOString());
      const log = json(await admin(t.app, 'GET', `/webhooks/${webhookId}/messages/${failed.messageId}/attempts`));
      assert.equal(log.attempts, log.items.length, 'the count is the attempts listed');
    });

    it('counts a delivered message sent again twice as three attempts, and a replay still has the full schedule', async () => {
      await subscribe(['payment.accepted'], ['ok', 'ok', '500', 'ok']);
      await acceptedPayment(t.app, bank);
      await deliver();
      const [first] = (await messages()).items;
      assert.equal(first.attempts, 1);
      await admin(t.app, 'POST', `/webhooks/${webhookId}/messages/${first.messageId}/replay`);
      await deliver();
      await admin(t.app, 'POST', `/webhooks/${webhookId}/messages/${first.messageId}/replay`);
      await deliver();
      const [again] = (await messages()).items;
      assert.equal(again.attempts, 3);
      assert.equal(again.status, 'pending', 'a failed attempt after a replay is retried, as the first round was');
      assert.equal(again.lastOutcome, 'rejected');
      await deliverUntilSettled();
      const [done] = (await messages()).items;
      assert.deepEqual([done.status, done.attempts, done.lastOutcome], ['delivered', 4, 'delivered']);
    });

    it("names each message's payment: receipt, bank reference, amount and currency; none for a test message", async () => {
      await subscribe(['payment.accepted', 'payment.held']);
      const accepted = await acceptedPayment(t.app, bank, { amount: '2500.50' });
      const held = await heldPayment(t.app, bank, { amount: '75.00', currency: 'USD' });
      await admin(t.app, 'POST', `/webhooks/${webhookId}/test`);
      const { items } = await messages();
      const about = (type: string) => items.find((m: { type: string }) => m.type === type);
      assert.deepEqual(pick(about('payment.accepted')), {
        erpRefId: accepted.erpRefId,
        transactionReference: referenceOf(accepted),
        amount: '2500.50',
        currency: 'KES',
      });
      assert.deepEqual(pick(about('payment.held')), {
        erpRefId: null,
        transactionReference: referenceOf(held),
        amount: '75.00',
        currency: 'USD',
      });
      assert.deepEqual(pick(about('webhook.test')), {
        erpRefId: null,
        transactionReference: null,
        amount: null,
        currency: null,
      });
    });

    it('counts the messages each status filter finds, and downloads them as CSV exactly as filtered', async () => {
      await subscribe(['payment.accepted'], ['ok', '500', 'ok']);
      const first = await acceptedPayment(t.app, bank, { amount: '10.00' });
      await deliver();
      await acceptedPayment(t.app, bank, { amount: '20.00', transactionReference: '=HYPERLINK("x")' });
      await acceptedPayment(t.app, bank, { amount: '30.00' });
      // The first is delivered; of the other two, one is turned away and waits, one is delivered.
      await deliver();

      const totals = async (query = '') => {
        const response = await admin(t.app, 'GET', `/webhooks/${webhookId}/messages/totals${query}`);
        assert.equal(response.statusCode, 200, response.body);
        return json(response);
      };
      assert.deepEqual(await totals(), { count: 3, byStatus: { pending: 1, delivered: 2, failed: 0 } });
      assert.equal((await totals('?status=delivered')).count, 2);
      assert.equal((await totals('?status=failed')).count, 0);
      assert.equal((await admin(t.app, 'GET', `/webhooks/${webhookId}/messages/totals?status=lost`)).statusCode, 400);
      assert.equal((await admin(t.app, 'GET', '/webhooks/no-such-endpoint/messages/totals')).statusCode, 404);

      const csv = await admin(t.app, 'GET', `/webhooks/${webhookId}/messages?format=csv&status=delivered&limit=1`);
      assert.equal(csv.statusCode, 200, csv.body);
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      const lines = csv.body.trimEnd().split('\r\n');
      assert.equal(lines[0], CSV_HEADER);
      assert.equal(lines.length, 3, 'every delivered message, whatever the page size');
      assert.ok(lines.every((line) => !line.includes(',pending,')));
      assert.ok(lines.some((line) => line.includes(`,${first.erpRefId},`) && line.endsWith(',10.00,KES')));
      const all = await admin(t.app, 'GET', `/webhooks/${webhookId}/messages?format=csv`);
      assert.equal(all.body.trimEnd().split('\r\n').length, 4);
      assert.match(all.body, /,"'=HYPERLINK\(""x""\)",/, 'a reference that looks like a formula is neutralised');
    });
  });
}

const CSV_HEADER =
  'messageId,type,occurredAt,status,attempts,lastAttemptAt,lastOutcome,lastStatusCode,nextAttemptAt,deliveredAt,' +
  'paymentId,erpRefId,transactionReference,amount,currency';

const pick = (message: Record<string, unknown>) => ({
  erpRefId: message.erpRefId,
  transactionReference: message.transactionReference,
  amount: message.amount,
  currency: message.currency,
});
