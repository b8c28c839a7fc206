import { performance } from 'node:perf_hooks';
import type { AuditedChanges } from '../audit/audit-store.js';
import type { Executor } from '../db/schema.js';
import type { EndpointsStore } from './endpoints-store.js';
import type { AttemptOutcome, ClaimedMessage, MessagesStore } from './messages-store.js';
import { DISABLE_AFTER_FAILING_MS, nextAttemptAt } from './retry-schedule.js';
import { signatureHeader } from './signature.js';
import { AddressNotAllowed } from './webhook-addresses.js';
import type { Post } from './webhook-post.js';

/** A receiver has this long to answer; a 2xx within it is a delivery. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** A claimed message is left alone by other instances this long: longer than an attempt can take. */
const LEASE_MS = 60_000;
const RESPONSE_KEPT = 1024;
/** Attempts in flight at once, per instance. */
const PARALLEL = 32;

export type DeliveryResult = 'delivered' | 'retrying' | 'failed';

export interface DeliveryDeps extends AuditedChanges {
  messagesStore: MessagesStore;
  /** Writes the messages of up to this many payments accepted since the last pass (accepted-messages.ts). */
  writeAccepted: (limit: number) => Promise<number>;
  endpointsStore: Pick<EndpointsStore, 'find' | 'update' | 'recovered'>;
  /** Payments as the admin API shows them, by paymentId: the data of their events. */
  paymentViews: (paymentIds: readonly number[]) => Promise<Map<number, unknown>>;
  /** The time a receiver checks `webhook-timestamp` against: the real one, whatever `clock` is. */
  wallClock?: () => Date;
  /** Counts each attempt by how it ended (metrics). */
  onAttempt?: (result: DeliveryResult) => void;
  /** Sends an attempt, to the addresses the endpoint may reach (webhook-post.ts). */
  post: Post;
  /** Reads the messages' statistics again (ANALYZE). */
  analyzeMessages: () => Promise<unknown>;
}

/**
 * The messages' table grows as fast as the banks pay, faster than a server's autovacuum (or the
 * embedded engine, which has none) reads its statistics again. Planned for the table as it was, a
 * claim can read every pending message once for each (a minute and more a claim at 100,000, so
 * the backlog never drains). The statistics are read again, at most once a minute, while there is
 * a backlog (the last claim took all it could) or once this many messages were written since the
 * last time: before the claim, so from while the table is still small.
 */
const ANALYZE_AFTER_WRITTEN = 1_000;
const ANALYZE_AT_MOST_EVERY_MS = 60_000;

/** Why an attempt had no answer, in words an admin can act on. */
function reasonOf(error: unknown): string {
  if (error instanceof AddressNotAllowed) return error.message;
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError'))
    return `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
  return (error instanceof Error && error.message) || 'no answer';
}

/** Sends the outbox's messages, each attempt by one instance, and records how each went. */
export function createWebhookDelivery(deps: DeliveryDeps) {
  const { messagesStore, writeAccepted, endpointsStore, paymentViews, auditStore, transact, clock, onAttempt, post } =
    deps;
  const wallClock = deps.wallClock ?? (() => new Date());
  let lastAnalyzed = Number.NEGATIVE_INFINITY;
  let writtenSinceAnalyze = 0;
  let lastClaimFull = false;

  async function send(message: ClaimedMessage, data: unknown): Promise<AttemptOutcome> {
    const body = JSON.stringify({
      type: message.event_type,
      livemode: message.livemode,
      timestamp: message.occurred_at.toISOString(),
      data,
    });
    const id = `msg_${message.id}`;
    const timestamp = Math.floor(wallClock().getTime() / 1000);
    const secrets = [message.secret];
    if (message.previous_secret && message.previous_secret_until && message.previous_secret_until > clock.now()) {
      secrets.push(message.previous_secret);
    }
    const started = performance.now();
    try {
      const answer = await post(message.url, message.internal ? 'internal' : 'public', {
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        keep: RESPONSE_KEPT,
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'bank-integration-service webhooks',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureHeader(secrets, id, timestamp, body),
        },
        body,
      });
      return outcome(message, answer.statusCode, { response: answer.text, error: null }, started);
    } catch (error) {
      return outcome(message, null, { response: null, error: reasonOf(error) }, started);
    }
  }

  /** How an attempt went, and what becomes of the message: delivered, tried again later, or failed for good. */
  function outcome(
    message: ClaimedMessage,
    statusCode: number | null,
    answer: Pick<AttemptOutcome, 'response' | 'error'>,
    started: number,
  ): AttemptOutcome {
    const at = clock.now();
    const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
    const retryAt = delivered ? undefined : nextAttemptAt(message.attempts + 1, at);
    const next: AttemptOutcome['next'] = delivered
      ? { status: 'delivered' }
      : retryAt
        ? { status: 'pending', at: retryAt }
        : { status: 'failed' };
    return { messageId: message.id, at, statusCode, ...answer, latencyMs: performance.now() - started, next };
  }

  /** After a failed attempt: an endpoint answering 410, or failing everything for five days, is disabled. */
  async function noteFailure(message: ClaimedMessage, statusCode: number | null, at: Date, tx: Executor) {
    const endpoint = await endpointsStore.find(message.endpoint_id, tx);
    if (!endpoint?.enabled) return;
    const failingSince = endpoint.failing_since ?? at;
    const gone = statusCode === 410;
    const tooLong = at.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
    if (!gone && !tooLong) {
      if (!endpoint.failing_since) await endpointsStore.update(endpoint.id, { failing_since: at }, tx);
      return;
    }
    const reason = gone ? 'the endpoint answered 410 Gone' : 'every delivery failed for five days';
    await endpointsStore.update(endpoint.id, { enabled: false, disabled_reason: reason, updated_at: at }, tx);
    const actor = { who: 'webhook delivery', requestId: `msg_${message.id}`, sourceIp: '-' };
    await auditStore.record('webhook.disabled', endpoint.id, actor, { reason, url: endpoint.url }, tx);
  }

  /**
   * Records a batch's attempts in one transaction, so delivering costs the database a few
   * statements per batch rather than several per message, and the bank's calls do not wait behind them.
   */
  async function record(claimed: readonly ClaimedMessage[], outcomes: readonly AttemptOutcome[]) {
    const messageOf = new Map(claimed.map((message) => [message.id, message]));
    const recovered = new Set<string>();
    const failing = new Map<string, { message: ClaimedMessage; statusCode: number | null; at: Date }>();
    for (const o of outcomes) {
      const message = messageOf.get(o.messageId);
      if (!message) continue;
      if (o.next.status === 'delivered') recovered.add(message.endpoint_id);
      // One answer 410 is enough to disable the endpoint, whichever message got it.
      else if (failing.get(message.endpoint_id)?.statusCode !== 410)
        failing.set(message.endpoint_id, { message, statusCode: o.statusCode, at: o.at });
    }
    await transact(async (tx) => {
      await messagesStore.recordAttempts(outcomes, tx);
      await endpointsStore.recovered([...recovered], tx);
      for (const [endpointId, { message, statusCode, at }] of failing) {
        // An endpoint that took some of the batch is not failing everything, unless it said 410.
        if (statusCode === 410 || !recovered.has(endpointId)) await noteFailure(message, statusCode, at, tx);
      }
    });
    for (const o of outcomes) {
      onAttempt?.(o.next.status === 'delivered' ? 'delivered' : o.next.status === 'failed' ? 'failed' : 'retrying');
    }
  }

  return {
    /**
     * One pass: writes the messages of payments accepted since the last, claims what is due (up
     * to `limit`), sends each once, records each; how many were sent.
     */
    async deliverDue(limit = 200): Promise<number> {
      writtenSinceAnalyze += await writeAccepted(limit);
      const growing = lastClaimFull || writtenSinceAnalyze >= ANALYZE_AFTER_WRITTEN;
      if (growing && performance.now() - lastAnalyzed > ANALYZE_AT_MOST_EVERY_MS) {
        lastAnalyzed = performance.now();
        writtenSinceAnalyze = 0;
        await deps.analyzeMessages();
      }
      const now = clock.now();
      const claimed = await messagesStore.claim(now, new Date(now.getTime() + LEASE_MS), limit);
      lastClaimFull = claimed.length === limit;
      if (claimed.length === 0) return 0;
      const payments = await paymentViews(claimed.flatMap((m) => (m.payment_id === null ? [] : [m.payment_id])));
      const outcomes: AttemptOutcome[] = [];
      const queue = [...claimed];
      const worker = async () => {
        for (let message = queue.shift(); message; message = queue.shift()) {
          const data = message.payment_id === null ? message.payload : payments.get(message.payment_id);
          outcomes.push(await send(message, data));
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker));
      // If this fails (the database away), the batch stays claimed until its lease ends and is
      // sent again then: a receiver may see a message twice, never lose one.
      await record(claimed, outcomes);
      return claimed.length;
    },
  };
}

export type WebhookDelivery = ReturnType<typeof createWebhookDelivery>;
