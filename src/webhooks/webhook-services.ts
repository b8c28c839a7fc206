import { sql } from 'kysely';
import type { AuditedChanges } from '../audit/audit-store.js';
import type { InIndexOrder } from '../db/index-order.js';
import type { Db } from '../db/schema.js';
import type { Job } from '../jobs/scheduler.js';
import { createWebhookDelivery, type DeliveryResult } from './delivery.js';
import { createEndpointsStore } from './endpoints-store.js';
import { createMessagesService } from './messages-service.js';
import { createMessagesStore } from './messages-store.js';
import type { Outbox } from './outbox.js';
import { type HostResolver, systemResolver } from './webhook-addresses.js';
import { createWebhookPost } from './webhook-post.js';
import { createWebhooksService } from './webhooks-service.js';

export interface WebhookServicesDeps extends AuditedChanges {
  db: Db;
  timeZone: string;
  allowHttp: boolean;
  paymentViews: (paymentIds: readonly number[]) => Promise<Map<number, unknown>>;
  /** Whether the bank is calling right now: deliveries then give way. */
  bankBusy: () => boolean;
  /** How a query that must read an index in its order runs on this database (src/db/index-order.ts). */
  indexOrder: InIndexOrder;
  outbox: Outbox;
  /** How receivers' names become addresses: the system's resolver, or a test's. */
  resolveHost?: HostResolver | undefined;
}

const BATCH = 200;
/** While the bank calls, a run sends this many and leaves the rest for the next tick. */
const BATCH_WHILE_BUSY = 20;
/** A run ends after this long even with more due, so the scheduler's next tick comes round. */
const RUN_BUDGET_MS = 5_000;

/** The ERP's webhooks: endpoints, the outbox's messages, and their delivery by a background job. */
export function createWebhookServices(deps: WebhookServicesDeps) {
  const { db, clock, auditStore, transact, timeZone, allowHttp, paymentViews, bankBusy, outbox } = deps;
  const resolve = deps.resolveHost ?? systemResolver;
  const endpointsStore = createEndpointsStore(db);
  const messagesStore = createMessagesStore(db, deps.indexOrder);
  const acceptedMessages = outbox.accepted;
  const attempts: Record<DeliveryResult, number> = { delivered: 0, retrying: 0, failed: 0 };
  const webhookDelivery = createWebhookDelivery({
    messagesStore,
    writeAccepted: acceptedMessages.writeNext,
    analyzeMessages: () => sql`analyze webhook_messages`.execute(db),
    endpointsStore,
    paymentViews,
    auditStore,
    transact,
    clock,
    post: createWebhookPost(resolve),
    onAttempt: (result) => {
      attempts[result] += 1;
    },
  });
  const deliveryJob: Job = {
    name: 'deliver-webhooks',
    everyMs: 1_000,
    async run() {
      const started = Date.now();
      let sent = 0;
      // The bank's calls come first: under their load the messages wait (a backlog drains at
      // hundreds a second once it eases), rather than the bank's answers waiting for them.
      for (let batch = BATCH; batch === BATCH && Date.now() - started < RUN_BUDGET_MS; ) {
        batch = await webhookDelivery.deliverDue(bankBusy() ? BATCH_WHILE_BUSY : BATCH);
        sent += batch;
      }
      return sent;
    },
  };
  return {
    webhooksService: createWebhooksService({
      endpointsStore,
      auditStore,
      transact,
      clock,
      allowHttp,
      resolve,
      writeAccepted: acceptedMessages.writeAll,
    }),
    webhookMessages: createMessagesService({
      messagesStore,
      writeAccepted: acceptedMessages.writeAll,
      endpointsStore,
      outbox,
      auditStore,
      transact,
      clock,
      timeZone,
    }),
    webhookDelivery,
    webhookStats: {
      /** Attempts by how they ended, since this process started. */
      attempts: () => ({ ...attempts }),
      backlog: async () => {
        const now = clock.now();
        const [written, unwritten] = await Promise.all([messagesStore.backlog(now), acceptedMessages.backlog()]);
        const oldest = unwritten.oldest ? (now.getTime() - unwritten.oldest.getTime()) / 1000 : 0;
        return { pending: written.pending + unwritten.waiting, oldestSeconds: Math.max(written.oldestSeconds, oldest) };
      },
    },
    webhookJobs: [deliveryJob],
  };
}
