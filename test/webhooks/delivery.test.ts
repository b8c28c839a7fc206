import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WEBHOOK_EVENTS } from '../../src/webhooks/events.js';
import { RETRY_DELAYS_MS } from '../../src/webhooks/retry-schedule.js';
import { admin, bankCall, bankWithToken, putMember } from '../support/bank.js';
import { HOUR, MINUTE, SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { acceptedPayment, type Bank, heldPayment, newMemberNumber } from '../support/money-desk.js';
import { json, useTestApp } from '../support/test-app.js';
import { type Receiver, startReceiver } from '../support/webhook-receiver.js';

const ALL_EVENTS = [...WEBHOOK_EVENTS];

for (const kind of databaseKinds()) {
  describe(`webhooks to the ERP (${kind})`, () => {
    const t = useTestApp(kind);
    let bank: Bank;
    let receiver: Receiver;
    let webhookId: string;

    /**
     * A new receiver and an endpoint of its own for each test, so plans and counts never mix; and
     * a bank with a fresh token, since the tests move the clock on by hours.
     */
    const subscribe = async (events = ALL_EVENTS, plan: string[] = []) => {
      bank = await bankWithToken(t.app, 'Harambee Bank');
      receiver = await startReceiver();
      const created = await admin(t.app, 'POST', '/webhooks', {
        url: receiver.url,
        internal: true,
        events,
        description: 'ERP',
      });
      assert.equal(created.statusCode, 201, created.body);
      const body = json(created);
      assert.match(body.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
      webhookId = body.webhookId;
      await receiver.setUp({ secrets: [body.secret], plan });
      return body;
    };
    const unsubscribe = async () => {
      await admin(t.app, 'DELETE', `/webhooks/${webhookId}`);
      await receiver.stop();
    };
    const deliver = () => t.app.services.webhookDelivery.deliverDue();
    /** Moves the clock to when every pending message of the endpoint is due again. */
    const untilRetry = async () => {
      const pending = (await messages('?status=pending')).items as { nextAttemptAt: string }[];
      const latest = Math.max(...pending.map((m) => Date.parse(m.nextAttemptAt)));
      if (Number.isFinite(latest)) t.clock.advance(Math.max(0, latest - t.clock.now().getTime()) + 1);
    };
    const messages = async (query = '') => json(await admin(t.app, 'GET', `/webhooks/${webhookId}/messages${query}`));
    /** Delivers until every message due has used up its retries. */
    const failEveryRetry = async () => {
      for (let i = 0; i <= RETRY_DELAYS_MS.length; i++) {
        await deliver();
        await untilRetry();
      }
    };

    it('delivers a signed payment.accepted; retries 500, a closed connection and a timeout with the same id', async () => {
      await subscribe(ALL_EVENTS, ['500', 'close', 'timeout', 'ok']);
      const paid = await acceptedPayment(t.app, bank, { amount: '1500.50' });
      assert.equal(await deliver(), 1);
      for (const wait of RETRY_DELAYS_MS.slice(0, 3)) {
        t.clock.advance(wait * 1.1 + SECOND);
        assert.equal(await deliver(), 1);
      }
      const got = await receiver.received();
      assert.deepEqual(
        got.map((r) => r.behaviour),
        ['500', 'close', 'timeout', 'ok'],
      );
      assert.equal(new Set(got.map((r) => r.id)).size, 1, 'the same webhook-id on every attempt');
      assert.ok(
        got.every((r) => r.verified),
        'every signature verifies with the standardwebhooks library',
      );
      const event = got[3]!;
      assert.equal(event.type, 'payment.accepted');
      assert.equal(event.data?.erpRefId, paid.erpRefId);
      assert.equal(event.data?.amount, '1500.50', 'the amount as an exact decimal string');

      const [message] = (await messages()).items;
      assert.equal(message.messageId, event.id);
      assert.equal(message.status, 'delivered');
      const attempts = json(await admin(t.app, 'GET', `/webhooks/${webhookId}/messages/${event.id}/attempts`));
      assert.deepEqual(
        attempts.items.map((a: { statusCode: number | null }) => a.statusCode),
        [500, null, null, 204],
      );
      assert.equal(attempts.items[0].response, 'answer 500');
      assert.ok(attempts.items[2].latencyMs >= 9_000, 'the receiver had 10 s to answer');
      await unsubscribe();
    });

    it("delivers one payment's events in order: held, then allocated, even when the first needs retries", async () => {
      await subscribe(['payment.held', 'payment.allocated'], ['500', '500']);
      const held = await heldPayment(t.app, bank, { amount: '60.00' });
      const member = newMemberNumber();
      await putMember(t.app, member, 'Wanjiku Kamau');
      const allocated = await admin(t.app, 'POST', `/payments/${held.paymentId}/allocate`, {
        customerRef: member,
        note: 'confirmed by phone',
      });
      assert.equal(allocated.statusCode, 200, allocated.body);
      for (let i = 0; i < 4; i++) {
        await deliver();
        t.clock.advance(10 * MINUTE);
      }
      const got = await receiver.received();
      const delivered = got.filter((r) => r.behaviour === 'ok').map((r) => r.type);
      assert.deepEqual(delivered, ['payment.held', 'payment.allocated']);
      assert.ok(
        got.slice(0, 2).every((r) => r.type === 'payment.held'),
        'nothing of the payment overtakes the first event',
      );
      await unsubscribe();
    });

    it('writes no message for a change that was refused, and one for each member status change', async () => {
      await subscribe(['payment.allocated', 'member.status_changed']);
      const held = await heldPayment(t.app, bank);
      const member = newMemberNumber();
      await putMember(t.app, member, 'Baraka Njoroge', 'suspended');
      const refused = await admin(t.app, 'POST', `/payments/${held.paymentId}/allocate`, {
        customerRef: member,
        note: 'member is suspended',
      });
      assert.equal(refused.statusCode, 409);
      await putMember(t.app, member, 'Baraka Njoroge', 'active');
      await putMember(t.app, member, 'Baraka O. Njoroge', 'active');
      await deliver();
      const got = await receiver.received();
      assert.deepEqual(
        got.map((r) => [r.type, r.data?.status, r.data?.previousStatus]),
        [['member.status_changed', 'active', 'suspended']],
        'no allocation happened, and a change of name alone is no status change',
      );
      await unsubscribe();
    });

    it('disables an endpoint that answers 410 at once, and says so in the audit', async () => {
      await subscribe(['payment.accepted'], ['410']);
      await acceptedPayment(t.app, bank);
      await deliver();
      const endpoint = json(await admin(t.app, 'GET', `/webhooks/${webhookId}`));
      assert.equal(endpoint.enabled, false);
      assert.match(endpoint.disabledReason, /410/);
      const audit = json(await admin(t.app, 'GET', '/audit?order=newest&limit=5'));
      assert.ok(
        audit.items.some(
          (e: { action: string; target: string }) => e.action === 'webhook.disabled' && e.target === webhookId,
        ),
      );
      await acceptedPayment(t.app, bank);
      t.clock.advance(HOUR);
      assert.equal(await deliver(), 0, 'a disabled endpoint gets nothing');
      await unsubscribe();
    });

    it('retries for more than three days, then the message has failed; replay sends it again with its id', async () => {
      await subscribe(['payment.accepted'], Array(RETRY_DELAYS_MS.length + 1).fill('500'));
      await acceptedPayment(t.app, bank);
      let attempts = 0;
      for (let i = 0; i <= RETRY_DELAYS_MS.length; i++) {
        attempts += await deliver();
        await untilRetry();
      }
      assert.equal(attempts, RETRY_DELAYS_MS.length + 1);
      assert.ok(RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0) * 0.9 > 72 * HOUR, 'at least three days');
      const [failed] = (await messages('?status=failed')).items;
      assert.ok(failed, 'failed after the last retry');
      assert.equal(await deliver(), 0);

      const replayed = await admin(t.app, 'POST', `/webhooks/${webhookId}/messages/${failed.messageId}/replay`);
      assert.equal(replayed.statusCode, 200, replayed.body);
      assert.equal(await deliver(), 1);
      const got = await receiver.received();
      assert.equal(got.at(-1)?.behaviour, 'ok');
      assert.equal(got.at(-1)?.id, failed.messageId);
      await unsubscribe();
    });

    it('disables an endpoint that has failed every delivery for five days, and says so in the audit', async () => {
      await subscribe(['payment.accepted'], Array(RETRY_DELAYS_MS.length + 2).fill('500'));
      await acceptedPayment(t.app, bank);
      await failEveryRetry();
      assert.equal(json(await admin(t.app, 'GET', `/webhooks/${webhookId}`)).enabled, true, 'three days are not five');
      t.clock.advance(2 * 24 * HOUR);
      bank = await bankWithToken(t.app, 'Harambee Bank');
      await acceptedPayment(t.app, bank);
      assert.equal(await deliver(), 1);
      const endpoint = json(await admin(t.app, 'GET', `/webhooks/${webhookId}`));
      assert.equal(endpoint.enabled, false);
      assert.match(endpoint.disabledReason, /five days/);
      await unsubscribe();
    });

    it('replays every failed message since a time, and sends a webhook.test', async () => {
      await subscribe(['payment.accepted'], Array(2 * (RETRY_DELAYS_MS.length + 1)).fill('500'));
      const since = t.clock.now().toISOString();
      await acceptedPayment(t.app, bank);
      await acceptedPayment(t.app, bank);
      await failEveryRetry();
      assert.equal((await messages('?status=failed')).items.length, 2);
      const replay = await admin(t.app, 'POST', `/webhooks/${webhookId}/replay`, { since });
      assert.deepEqual(json(replay), { replayed: 2 });
      assert.equal(await deliver(), 2);
      const test = await admin(t.app, 'POST', `/webhooks/${webhookId}/test`);
      assert.equal(test.statusCode, 202, test.body);
      assert.equal(await deliver(), 1);
      const got = await receiver.received();
      assert.equal(got.at(-1)?.type, 'webhook.test');
      assert.ok(got.every((r) => r.verified));
      await unsubscribe();
    });

    it('signs with the old secret and the new one for a day after a rotation', async () => {
      const first = await subscribe(['payment.accepted']);
      const rotated = json(await admin(t.app, 'POST', `/webhooks/${webhookId}/rotate-secret`));
      assert.notEqual(rotated.secret, first.secret);
      await receiver.setUp({ secrets: [first.secret] });
      await acceptedPayment(t.app, bank);
      await deliver();
      await receiver.setUp({ secrets: [rotated.secret] });
      await acceptedPayment(t.app, bank);
      await deliver();
      t.clock.advance(25 * HOUR);
      bank = await bankWithToken(t.app, 'Harambee Bank');
      await receiver.setUp({ secrets: [first.secret] });
      await acceptedPayment(t.app, bank);
      await deliver();
      assert.deepEqual(
        (await receiver.received()).map((r) => r.verified),
        [true, true, false],
        'the old secret signs for 24 hours only',
      );
      await unsubscribe();
    });

    it('refuses a URL that is not https (but for localhost), an unknown event, and hides the secret', async () => {
      for (const [url, events] of [
        ['http://erp.example/hook', ['payment.accepted']],
        ['ftp://erp.example/hook', ['payment.accepted']],
        ['https://erp.example/hook', ['payment.paid']],
        ['https://erp.example/hook', []],
      ] as const) {
        const refused = await admin(t.app, 'POST', '/webhooks', { url, events });
        assert.equal(refused.statusCode, 400, `${url} ${events}: ${refused.body}`);
      }
      const made = await admin(t.app, 'POST', '/webhooks', {
        url: 'https://erp.example/hook',
        events: ['payment.held'],
      });
      assert.equal(made.statusCode, 201);
      const listed = await admin(t.app, 'GET', '/webhooks');
      assert.ok(!listed.body.includes('whsec_'), 'the secret is shown once only');
      const patched = await admin(t.app, 'PATCH', `/webhooks/${json(made).webhookId}`, { enabled: false });
      assert.equal(json(patched).enabled, false);
      assert.equal((await admin(t.app, 'DELETE', `/webhooks/${json(made).webhookId}`)).statusCode, 204);
      assert.equal((await admin(t.app, 'GET', `/webhooks/${json(made).webhookId}`)).statusCode, 404);
    });

    it("sends a payment's event with the payment as the admin API shows it, history included", async () => {
      await subscribe(['payment.held', 'payment.allocated']);
      const held = await heldPayment(t.app, bank, { amount: '75.25' });
      const member = newMemberNumber();
      await putMember(t.app, member, 'Achieng Otieno');
      await admin(t.app, 'POST', `/payments/${held.paymentId}/allocate`, { customerRef: member, note: 'by phone' });
      assert.equal(await deliver(), 1, 'the held event first; the allocation waits for it');
      assert.equal(await deliver(), 1);
      const shown = json(await admin(t.app, 'GET', `/payments/${held.paymentId}`));
      const got = await receiver.received();
      assert.deepEqual(
        got.map((r) => r.type),
        ['payment.held', 'payment.allocated'],
      );
      for (const event of got) assert.deepEqual(event.data, shown);
      assert.deepEqual(
        shown.history.map((h: { kind: string }) => h.kind),
        ['received', 'allocated'],
      );
      await unsubscribe();
    });

    it("gives way to the bank's calls: while the bank calls, a run of the job sends a few and leaves the rest", async () => {
      await subscribe(['payment.accepted']);
      for (let i = 0; i < 30; i++) await acceptedPayment(t.app, bank);
      const job = t.app.services.jobs(undefined).find((j) => j.name === 'deliver-webhooks');
      assert.ok(job, "the delivery job is one of the service's jobs");
      // The clock stands still, so the payments just made keep the bank API busy.
      assert.ok(t.app.services.bankTraffic.busy());
      assert.equal(await job.run(), 20);
      assert.equal((await receiver.received()).length, 20);
      t.clock.advance(SECOND);
      assert.ok(!t.app.services.bankTraffic.busy());
      assert.equal(await job.run(), 10);
      assert.equal(new Set((await receiver.received()).map((r) => r.id)).size, 30);
      await unsubscribe();
    });

    it('never holds up the bank: a payment is answered while a receiver takes its 10 s', async () => {
      await subscribe(['payment.accepted'], ['timeout']);
      await acceptedPayment(t.app, bank);
      const delivering = deliver();
      const started = performance.now();
      const validated = await bankCall(t.app, bank.token, 'validate', { customerRef: newMemberNumber() });
      assert.equal(validated.statusCode, 404);
      assert.ok(performance.now() - started < 5_000, 'answered before the receiver gave up');
      await delivering;
      await unsubscribe();
    });
  });
}
