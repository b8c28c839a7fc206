import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';
import { notifyPayment, notifyUntilKilled } from '../support/payment-senders.js';
import { integrateBank, serviceOk as ok } from '../support/service-http.js';
import { type ServiceProcess, startService, stopService } from '../support/service-process.js';
import { type Received, type Receiver, startReceiver } from '../support/webhook-receiver.js';

// kill -9 of the service while banks notify payments and the delivery job sends them to the ERP:
// afterwards every accepted payment has exactly one payment.accepted message, delivered, and no
// message speaks of a payment the database does not have.

const MEMBER = '9300001';
/** How long the service, restarted, may take to deliver what was left: a claim's lease is 60 s. */
const CATCH_UP_MS = 150_000;

/** Every item of a paged admin list, following nextCursor. */
async function everyItem<T>(url: string, path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: '500', ...(cursor ? { cursor } : {}) });
    const page = await ok(url, 'GET', `${path}${path.includes('?') ? '&' : '?'}${query}`);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

interface Message {
  messageId: string;
  type: string;
  paymentId: number | null;
  status: string;
  attempts: number;
}

interface Payment {
  paymentId: number;
  erpRefId: string | null;
  transactionReference: string;
  status: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Most of each database's run is waiting out the lease of the message in flight at the kill: the
// two wait side by side.
describe('webhooks through a crash', { concurrency: true }, () => {
  for (const kind of databaseKinds()) {
    describe(`webhooks through a crash in the middle of payments and deliveries (${kind})`, () => {
      let testDb: TestDatabase;
      let dataDir: string;
      let env: NodeJS.ProcessEnv;
      let service: ServiceProcess | undefined;
      let receiver: Receiver;

      before(async () => {
        dataDir = mkdtempSync(join(tmpdir(), 'bis-webhook-crash-'));
        testDb = await createTestDatabase(kind);
        env =
          kind === 'postgres'
            ? { DATABASE_URL: testDb.options.url, BIS_DATA_DIR: dataDir }
            : { BIS_DATA_DIR: dataDir, DATABASE_URL: '' };
        receiver = await startReceiver();
      });
      after(async () => {
        if (service) await stopService(service, 'SIGKILL');
        await receiver.stop();
        await testDb.dispose();
        rmSync(dataDir, { recursive: true, force: true });
      });

      /** The endpoint's messages, the payments in the database, and what the receiver got, once all is delivered. */
      async function caughtUp(url: string, webhookId: string) {
        const deadline = Date.now() + CATCH_UP_MS;
        for (;;) {
          const messages = await everyItem<Message>(url, `/admin/v1/webhooks/${webhookId}/messages`);
          const received = await receiver.received();
          const ids = new Set(received.map((r) => r.id));
          const waiting = messages.filter((m) => m.status !== 'delivered' || !ids.has(m.messageId));
          const payments = await everyItem<Payment>(url, '/admin/v1/payments');
          // A payment committed as the process died gets its message once every transaction before
          // it has ended, on the whole database server: another database's open transaction can
          // hold that back for a while.
          const announced = new Set(messages.map((m) => m.paymentId));
          const unannounced = payments.filter((p) => !announced.has(p.paymentId));
          if (waiting.length === 0 && unannounced.length === 0) return { messages, received, payments };
          if (Date.now() > deadline) {
            assert.fail(
              `${waiting.length} of ${messages.length} messages still undelivered and ${unannounced.length} payments ` +
                `without a message after ${CATCH_UP_MS} ms, e.g. ${JSON.stringify(waiting.slice(0, 3))} ` +
                `${JSON.stringify(unannounced.slice(0, 3))}\n${service?.output().slice(-4000)}`,
            );
          }
          await sleep(250);
        }
      }

      /** Exactly one payment.accepted message for each accepted payment; none for anything else. */
      function checkOnePerPayment(
        { messages, received, payments }: Awaited<ReturnType<typeof caughtUp>>,
        acknowledged: Map<string, string>,
      ) {
        const byErpRefId = new Map(payments.map((p) => [p.erpRefId, p]));
        for (const payment of payments) assert.equal(payment.status, 'accepted', JSON.stringify(payment));
        for (const [reference, erpRefId] of acknowledged) {
          const payment = byErpRefId.get(erpRefId);
          assert.ok(payment, `${reference} was acknowledged with ${erpRefId} but is not in the database`);
          assert.equal(payment.transactionReference, reference);
        }

        const messagesOf = new Map<number, Message[]>();
        for (const message of messages) {
          assert.equal(message.type, 'payment.accepted');
          assert.equal(message.status, 'delivered', JSON.stringify(message));
          assert.ok(message.paymentId !== null, JSON.stringify(message));
          messagesOf.set(message.paymentId, [...(messagesOf.get(message.paymentId) ?? []), message]);
        }
        const paymentIds = new Set(payments.map((p) => p.paymentId));
        for (const paymentId of messagesOf.keys())
          assert.ok(paymentIds.has(paymentId), `a message for payment ${paymentId}, which the database does not have`);
        for (const payment of payments) {
          const count = messagesOf.get(payment.paymentId)?.length ?? 0;
          assert.equal(
            count,
            1,
            `payment ${payment.paymentId} (${payment.transactionReference}) has ${count} messages`,
          );
        }

        // At the receiver: each message arrived (a repeat of the same webhook-id is at-least-once),
        // signed, about its own payment; nothing arrived that the outbox does not hold.
        const messageOf = new Map(messages.map((m) => [m.messageId, m]));
        const paymentsById = new Map(payments.map((p) => [p.paymentId, p]));
        for (const got of received) {
          const message = messageOf.get(got.id);
          assert.ok(message, `the receiver got ${got.id}, which is no message of the endpoint`);
          assert.ok(got.verified, `${got.id}: the signature does not verify`);
          assert.equal(got.type, 'payment.accepted');
          assert.equal(got.data?.paymentId, message.paymentId, `${got.id} speaks of another payment`);
          assert.equal(got.data?.erpRefId, paymentsById.get(message.paymentId!)?.erpRefId);
        }
        const distinct = new Set(received.map((r) => r.id));
        assert.equal(distinct.size, messages.length, 'one distinct webhook-id per message');
      }

      it('gives each acknowledged payment exactly one payment.accepted, delivered after a restart', async (t) => {
        service = await startService(env);
        const token = await integrateBank(service.url, 'Webhook Crash Bank', MEMBER, 'Crash Member');
        const endpoint = await ok(service.url, 'POST', '/admin/v1/webhooks', {
          url: receiver.url,
          internal: true,
          events: ['payment.accepted'],
          description: 'ERP under a crash',
        });
        await receiver.setUp({ secrets: [endpoint.secret] });

        // Twenty senders notify payments until the process dies under them.
        const senders = notifyUntilKilled(service.url, token, MEMBER, 'WHCRASH');
        const { acknowledged, sent: sentReferences } = senders;

        // Once payments are being acknowledged and delivered, the receiver keeps its answer to the
        // next attempt back: the kill comes while that attempt is in flight, so the service dies
        // having sent a message it has not recorded as sent.
        const deadline = Date.now() + 60_000;
        const until = async (done: () => Promise<boolean>, what: string) => {
          while (!(await done())) {
            assert.ok(
              !senders.stopped() && Date.now() < deadline,
              `${what}, before the senders stopped:\n${service?.output()}`,
            );
            await sleep(10);
          }
        };
        await until(
          async () => acknowledged.size >= 150 && (await receiver.received()).length >= 20,
          '150 payments acknowledged and 20 delivered',
        );
        await receiver.setUp({ plan: ['timeout'] });
        let inFlight: Received | undefined;
        await until(async () => {
          inFlight = (await receiver.received()).find((r) => r.behaviour === 'timeout');
          return inFlight !== undefined;
        }, 'an attempt held by the receiver');
        await stopService(service, 'SIGKILL');
        const acknowledgedAtKill = new Map(acknowledged);
        await senders.done;
        const deliveredBefore = await receiver.received();

        const restartedAt = performance.now();
        service = await startService(env);
        const state = await caughtUp(service.url, endpoint.webhookId);
        const caughtUpMs = Math.round(performance.now() - restartedAt);
        checkOnePerPayment(state, acknowledgedAtKill);
        assert.ok(
          state.received.some((r) => r.id === inFlight?.id && r.behaviour === 'ok'),
          `${inFlight?.id}, in flight at the kill, was sent again after the restart`,
        );
        const repeats = state.received.length - new Set(state.received.map((r) => r.id)).size;
        t.diagnostic(
          `${sentReferences.length} notified, ${acknowledgedAtKill.size} acknowledged, ` +
            `${state.payments.length} in the database; ${deliveredBefore.length} delivered before the kill; ` +
            `caught up ${caughtUpMs} ms after the restart; ${repeats} repeated deliveries`,
        );

        // The bank re-sends every notification, whether or not its answer came: an acknowledged one
        // gets the same receipt and no second message; one lost in the kill is accepted now, once.
        const resent = new Map(acknowledgedAtKill);
        const queue = [...sentReferences];
        await Promise.all(
          Array.from({ length: 10 }, async () => {
            for (let reference = queue.shift(); reference; reference = queue.shift()) {
              const again = await notifyPayment(service!.url, token, MEMBER, reference);
              assert.equal(again.status, 200, `${reference}: ${JSON.stringify(again.body)}`);
              const earlier = acknowledgedAtKill.get(reference);
              if (earlier) assert.equal(again.body.erpRefId, earlier, `${reference} got another receipt`);
              resent.set(reference, again.body.erpRefId);
            }
          }),
        );
        const final = await caughtUp(service.url, endpoint.webhookId);
        assert.equal(final.payments.length, sentReferences.length, 'every notification is a payment now');
        checkOnePerPayment(final, resent);
      });
    });
  }
});
