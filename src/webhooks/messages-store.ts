import { type Selectable, sql } from 'kysely';
import type { InIndexOrder } from '../db/index-order.js';
import type { Db, Executor } from '../db/schema.js';
import { type ListedMessage, listed, type MessagesFilter, numbered } from './message-log-query.js';
import type { MessageStatus, WebhookAttemptsTable, WebhookMessagesTable } from './webhooks-tables.js';

export type { ListedMessage } from './message-log-query.js';

export type MessageRow = Selectable<WebhookMessagesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

/** A message claimed for one delivery attempt, with what signing and sending it needs. */
export interface ClaimedMessage {
  id: number;
  endpoint_id: string;
  event_type: string;
  payment_id: number | null;
  payload: Record<string, unknown> | null;
  occurred_at: Date;
  attempts: number;
  /** false: of a sandbox client's test payment. */
  livemode: boolean;
  url: string;
  /** Whether the endpoint may reach the organisation's own network (webhook-addresses.ts). */
  internal: boolean;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
}

export interface AttemptOutcome {
  messageId: number;
  at: Date;
  statusCode: number | null;
  latencyMs: number;
  response: string | null;
  error: string | null;
  /** What becomes of the message: delivered, failed for good, or tried again at this time. */
  next: { status: 'delivered' } | { status: 'failed' } | { status: 'pending'; at: Date };
}

/** The outbox's messages and their delivery attempts. */
export function createMessagesStore(db: Db, inIndexOrder: InIndexOrder) {
  return {
    /**
     * Claims due messages for one attempt each: their next attempt moves to `leaseUntil`, so no
     * other instance takes them meanwhile, and back if this one dies before it says how it went.
     * A message waits while an earlier one of the same payment to the same endpoint is pending,
     * so a payment's events arrive in order. Rows another instance is claiming are skipped.
     */
    claim(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMessage[]> {
      const query = sql<ClaimedMessage>`
        with due as (
          select c.id from webhook_messages c
          join webhook_endpoints w on w.id = c.endpoint_id and w.enabled
          where c.status = 'pending' and c.next_attempt_at <= ${now}
            and not exists (
              select 1 from webhook_messages o
              where o.endpoint_id = c.endpoint_id and o.payment_id = c.payment_id
                and o.status = 'pending' and o.id < c.id
            )
          order by c.next_attempt_at, c.id
          limit ${limit}
          for update of c skip locked
        ),
        claimed as (
          update webhook_messages m set next_attempt_at = ${leaseUntil}
          from due where m.id = due.id
          returning m.id, m.endpoint_id, m.event_type, m.payment_id, m.payload, m.occurred_at, m.attempts, m.livemode
        )
        select claimed.*, w.url, w.internal, w.secret, w.previous_secret, w.previous_secret_until
        from claimed join webhook_endpoints w on w.id = claimed.endpoint_id
        order by claimed.id`;
      return inIndexOrder((ex) => query.execute(ex)).then((result) =>
        result.rows.map((row) => ({ ...row, id: Number(row.id) })),
      );
    },

    /**
     * Records a batch of attempts in one statement: each message's attempt, and what becomes of
     * it. A message deleted meanwhile (its endpoint was) is left out.
     */
    async recordAttempts(outcomes: readonly AttemptOutcome[], tx: Executor): Promise<void> {
      if (outcomes.length === 0) return;
      const column = <T>(read: (outcome: AttemptOutcome) => T) => outcomes.map(read);
      await sql`
        with outcome as (
          select * from unnest(
            ${column((o) => o.messageId)}::bigint[], ${column((o) => o.at.toISOString())}::timestamptz[],
            ${column((o) => o.statusCode)}::integer[], ${column((o) => Math.round(o.latencyMs))}::integer[],
            ${column((o) => o.response)}::text[], ${column((o) => o.error)}::text[],
            ${column((o) => o.next.status)}::text[],
            ${column((o) => (o.next.status === 'pending' ? o.next.at.toISOString() : null))}::timestamptz[]
          ) as o (message_id, at, status_code, latency_ms, response, error, status, next_attempt_at)
        ),
        updated as (
          update webhook_messages m set attempts = m.attempts + 1, last_status_code = o.status_code,
            status = o.status,
            delivered_at = case when o.status = 'delivered' then o.at else m.delivered_at end,
            next_attempt_at = coalesce(o.next_attempt_at, m.next_attempt_at)
          from outcome o where m.id = o.message_id
          returning m.id
        )
        insert into webhook_attempts (message_id, at, status_code, latency_ms, response, error)
        select o.message_id, o.at, o.status_code, o.latency_ms, o.response, o.error
        from outcome o join updated u on u.id = o.message_id`.execute(tx);
    },

    /** An endpoint's messages, newest first: each a look-up of its payment and two of its attempts, by key. */
    async list(endpointId: string, filter: MessagesFilter): Promise<ListedMessage[]> {
      let query = listed(db).where('m.endpoint_id', '=', endpointId);
      if (filter.status) query = query.where('m.status', '=', filter.status);
      if (filter.beforeId !== undefined) query = query.where('m.id', '<', filter.beforeId);
      return (await query.orderBy('m.id', 'desc').limit(filter.limit).execute()).map(numbered);
    },

    /** How many messages the endpoint has in each status. */
    async totals(endpointId: string): Promise<Record<MessageStatus, number>> {
      const rows = await db
        .selectFrom('webhook_messages')
        .select(['status', sql<string>`count(*)`.as('count')])
        .where('endpoint_id', '=', endpointId)
        .groupBy('status')
        .execute();
      const totals = { pending: 0, delivered: 0, failed: 0 };
      for (const row of rows) totals[row.status] = Number(row.count);
      return totals;
    },

    async find(endpointId: string, messageId: number): Promise<ListedMessage | undefined> {
      const row = await listed(db)
        .where('m.endpoint_id', '=', endpointId)
        .where('m.id', '=', messageId)
        .executeTakeFirst();
      return row && numbered(row);
    },

    attempts(messageId: number): Promise<AttemptRow[]> {
      return db.selectFrom('webhook_attempts').selectAll().where('message_id', '=', messageId).orderBy('id').execute();
    },

    /**
     * Sends messages again from the start of the schedule: one, or every failed one since a time.
     * Their attempts so far stay in webhook_attempts, where the log counts them.
     */
    async replay(endpointId: string, which: { messageId: number } | { failedSince: Date }, now: Date, tx: Executor) {
      let query = tx
        .updateTable('webhook_messages')
        .set({ status: 'pending', attempts: 0, next_attempt_at: now, delivered_at: null })
        .where('endpoint_id', '=', endpointId);
      query =
        'messageId' in which
          ? query.where('id', '=', which.messageId)
          : query.where('status', '=', 'failed').where('occurred_at', '>=', which.failedSince);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** For the metrics: undelivered messages, and the age of the oldest. */
    async backlog(now: Date): Promise<{ pending: number; oldestSeconds: number }> {
      // Through the endpoint: a message written as its endpoint was deleted waits for nothing.
      const row = await db
        .selectFrom('webhook_messages as m')
        .innerJoin('webhook_endpoints as w', 'w.id', 'm.endpoint_id')
        .select([sql<string>`count(*)`.as('pending'), sql<Date | null>`min(m.occurred_at)`.as('oldest')])
        .where('m.status', '=', 'pending')
        .executeTakeFirstOrThrow();
      const oldest = row.oldest === null ? now : new Date(row.oldest);
      return { pending: Number(row.pending), oldestSeconds: Math.max(0, (now.getTime() - oldest.getTime()) / 1000) };
    },
  };
}

export type MessagesStore = ReturnType<typeof createMessagesStore>;
