import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import { csvInBatches, csvLine } from '../csv.js';
import { invalidInput, notFound } from '../errors.js';
import { optionalDate, pageCursor, pageOf } from '../paging.js';
import type { EndpointsStore } from './endpoints-store.js';
import { EVENT } from './events.js';
import type { AttemptRow, ListedMessage, MessagesStore } from './messages-store.js';
import type { EventOutbox } from './outbox.js';
import { ADDRESS_NOT_ALLOWED } from './webhook-addresses.js';
import type { MessageStatus } from './webhooks-tables.js';

/** How an attempt went, in words every role may read (the answer and the error are admins' only). */
function outcomeOf(row: Pick<AttemptRow, 'status_code' | 'error'>) {
  if (row.status_code === null)
    return row.error?.startsWith(ADDRESS_NOT_ALLOWED) ? ('address_not_allowed' as const) : ('no_answer' as const);
  return row.status_code >= 200 && row.status_code < 300 ? ('delivered' as const) : ('rejected' as const);
}

const messageView = (row: ListedMessage) => ({
  messageId: `msg_${row.id}`,
  type: row.event_type,
  paymentId: row.payment_id === null ? null : Number(row.payment_id),
  erpRefId: row.erp_ref_id,
  transactionReference: row.transaction_reference,
  amount: row.amount,
  currency: row.currency,
  occurredAt: row.occurred_at.toISOString(),
  status: row.status,
  attempts: row.attempts_made,
  lastAttemptAt: row.last_attempt_at?.toISOString() ?? null,
  lastOutcome:
    row.last_attempt_at === null
      ? null
      : outcomeOf({ status_code: row.last_attempt_status_code, error: row.last_attempt_error }),
  nextAttemptAt: row.status === 'pending' ? row.next_attempt_at.toISOString() : null,
  deliveredAt: row.delivered_at?.toISOString() ?? null,
  lastStatusCode: row.last_status_code,
});

export type MessageView = ReturnType<typeof messageView>;

/** The delivery log's CSV columns, in order: each message as the list shows it. */
export const MESSAGE_CSV_FIELDS = [
  'messageId',
  'type',
  'occurredAt',
  'status',
  'attempts',
  'lastAttemptAt',
  'lastOutcome',
  'lastStatusCode',
  'nextAttemptAt',
  'deliveredAt',
  'paymentId',
  'erpRefId',
  'transactionReference',
  'amount',
  'currency',
] as const satisfies readonly (keyof MessageView)[];

const CSV_BATCH = 1000;

const attemptView = (row: AttemptRow) => ({
  at: row.at.toISOString(),
  statusCode: row.status_code,
  outcome: outcomeOf(row),
  latencyMs: row.latency_ms,
  response: row.response,
  error: row.error,
});

/** `msg_42` (what the webhook-id header says) or 42. */
function messageNumber(messageId: string): number {
  const match = /^(?:msg_)?(\d{1,15})$/.exec(messageId.trim());
  if (!match) throw notFound.webhookMessage(messageId);
  return Number(match[1]);
}

export interface MessagesServiceDeps extends AuditedChanges {
  messagesStore: MessagesStore;
  /** Writes the messages of every payment accepted so far, which the delivery job writes as it goes. */
  writeAccepted: () => Promise<void>;
  endpointsStore: Pick<EndpointsStore, 'find'>;
  outbox: EventOutbox;
  timeZone: string;
}

/** What was sent to an endpoint and how each attempt went; sending again; a test message. */
export function createMessagesService(deps: MessagesServiceDeps) {
  const { messagesStore, writeAccepted, endpointsStore, outbox, auditStore, transact, clock, timeZone } = deps;
  const endpoint = async (id: string) => {
    if (!(await endpointsStore.find(id))) throw notFound.webhook(id);
  };
  const message = async (endpointId: string, messageId: string) => {
    await endpoint(endpointId);
    const row = await messagesStore.find(endpointId, messageNumber(messageId));
    if (!row) throw notFound.webhookMessage(messageId);
    return row;
  };

  return {
    async list(endpointId: string, query: { status?: MessageStatus; limit?: number; cursor?: string }) {
      await endpoint(endpointId);
      const limit = query.limit ?? 50;
      const beforeId = query.cursor === undefined ? undefined : pageCursor.decode('wm', query.cursor);
      // The first page shows every payment accepted so far, not only those the job has reached.
      if (beforeId === undefined) await writeAccepted();
      const rows = await messagesStore.list(endpointId, { status: query.status, beforeId, limit: limit + 1 });
      const page = pageOf('wm', rows, limit);
      return { items: page.rows.map(messageView), nextCursor: page.nextCursor };
    },

    /** How many messages the list finds with this status filter, and how many the endpoint has in each status. */
    async totals(endpointId: string, status: MessageStatus | undefined) {
      await endpoint(endpointId);
      await writeAccepted();
      const byStatus = await messagesStore.totals(endpointId);
      const count = status ? byStatus[status] : byStatus.pending + byStatus.delivered + byStatus.failed;
      return { count, byStatus };
    },

    /** Every message the list finds, newest first, as CSV lines with a header: read a batch at a time. */
    async csv(endpointId: string, status: MessageStatus | undefined): Promise<AsyncIterable<string>> {
      await endpoint(endpointId);
      await writeAccepted();
      // Newest first: each batch starts before the last row's id.
      return csvInBatches(
        csvLine(MESSAGE_CSV_FIELDS),
        CSV_BATCH,
        (beforeId, limit) => messagesStore.list(endpointId, { status, beforeId, limit }),
        (row) => {
          const view = messageView(row);
          return csvLine(MESSAGE_CSV_FIELDS.map((field) => String(view[field] ?? '')));
        },
      );
    },

    async attempts(endpointId: string, messageId: string) {
      const row = await message(endpointId, messageId);
      return { ...messageView(row), items: (await messagesStore.attempts(row.id)).map(attemptView) };
    },

    async replay(endpointId: string, messageId: string, actor: Actor) {
      const row = await message(endpointId, messageId);
      await transact(async (tx) => {
        await messagesStore.replay(endpointId, { messageId: row.id }, clock.now(), tx);
        await auditStore.record('webhook.replayed', endpointId, actor, { messageId: `msg_${row.id}` }, tx);
      });
      // Its attempts so far still count: only the retry schedule starts afresh.
      return messageView({ ...row, status: 'pending', next_attempt_at: clock.now(), delivered_at: null });
    },

    /** Every message that failed for good since a time goes out again. */
    async replayFailed(endpointId: string, since: string | undefined, actor: Actor) {
      await endpoint(endpointId);
      const from = optionalDate('since', since, timeZone);
      if (!from) throw invalidInput('since', 'is required: replay the messages that failed since this time');
      const replayed = await transact(async (tx) => {
        const count = await messagesStore.replay(endpointId, { failedSince: from }, clock.now(), tx);
        await auditStore.record('webhook.replayed', endpointId, actor, { failedSince: from.toISOString(), count }, tx);
        return count;
      });
      return { replayed };
    },

    /** A `webhook.test` message to this endpoint alone, delivered like any other. */
    async test(endpointId: string) {
      await endpoint(endpointId);
      const at = clock.now();
      await transact((tx) =>
        outbox.emit(tx, {
          type: EVENT.webhookTest,
          at,
          endpointId,
          payload: { message: 'A test from bank-integration-service' },
        }),
      );
      const [latest] = await messagesStore.list(endpointId, { limit: 1 });
      if (!latest) throw notFound.webhook(endpointId);
      return messageView(latest);
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
