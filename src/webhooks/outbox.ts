import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/schema.js';
import { type EVENT, type EventName, eventType, type OutboxEvent } from './events.js';

/**
 * The outbox: the only writer of webhook_messages. Each event's messages are written in the
 * transaction of the change it tells of, so a change that rolls back leaves no message and one
 * that commits has one for each endpoint subscribed at that moment. There are three ways in, and
 * events.ts says which each event takes:
 * - `emit`: one event, from a service, in the service's transaction;
 * - `emitEach`: a part of a store's statement that records many changes at once (the bank's
 *   payment statement, the import of the member register), so their messages cost no statement more;
 * - `accepted`: the accepted-payments feed, which writes payment.accepted's messages from the
 *   accepted payments themselves, after they commit (accepted-messages.ts).
 */
/** The accepted-payments feed (accepted-messages.ts), which the outbox hands on to delivery and the metrics. */
export interface AcceptedFeed {
  writeNext(limit: number): Promise<number>;
  writeAll(): Promise<void>;
  backlog(): Promise<{ waiting: number; oldest: Date | null }>;
}

export interface Outbox {
  /** Writes one event's messages in `tx`, the transaction of the change it tells of. */
  emit(tx: Executor, event: OutboxEvent): Promise<void>;
  accepted: AcceptedFeed;
}

/** What a service needs to tell the ERP's webhooks of its changes. */
export type EventOutbox = Pick<Outbox, 'emit'>;

/** The endpoints an event's messages go to: every enabled one subscribed to it, or the one named. */
export function recipients(type: EventName, endpointId?: string): RawBuilder<{ id: string }> {
  return endpointId === undefined
    ? sql`select id from webhook_endpoints where enabled and ${sql.lit(type)} = any (events)`
    : sql`select id from webhook_endpoints where id = ${endpointId}`;
}

export interface EmitEachOptions {
  /** The order the messages are written in, and so delivered in: columns of `rows` (as r.…), then the endpoint. */
  order?: RawBuilder<unknown>;
  /** Only to this endpoint, whatever it subscribes to. */
  endpointId?: string;
}

/**
 * The messages of one event for each row of `rows`, as a statement, or a part of a larger one (a
 * `with` query). `rows` gives `occurred_at` and, for a payment's event, `payment_id`; for any
 * other, `payload` (jsonb, as the event's schema says).
 */
export function emitEach(type: EventName, rows: RawBuilder<unknown>, options: EmitEachOptions = {}): RawBuilder<never> {
  const column = sql.raw(eventType(type).about === 'payment' ? 'payment_id' : 'payload');
  const order = options.order === undefined ? sql`` : sql`order by ${options.order}, w.id`;
  return sql`insert into webhook_messages (endpoint_id, event_type, ${column}, occurred_at, next_attempt_at)
    select w.id, ${sql.lit(type)}, r.${column}, r.occurred_at, r.occurred_at
    from (${rows}) r cross join (${recipients(type, options.endpointId)}) w
    ${order}`;
}

/**
 * A sandbox client's test payment, to every enabled endpoint subscribed to the event and to test
 * events, in `tx`. Its data is written whole (the test payment is in no table a payment's event
 * is read from) and its body says "livemode": false.
 */
export async function emitTestEvent(
  tx: Executor,
  type: typeof EVENT.paymentAccepted | typeof EVENT.paymentHeld,
  data: object,
  at: Date,
): Promise<void> {
  await sql`insert into webhook_messages (endpoint_id, event_type, payload, occurred_at, next_attempt_at, livemode)
    select id, ${sql.lit(type)}, ${JSON.stringify(data)}::jsonb, ${at.toISOString()}::timestamptz,
      ${at.toISOString()}::timestamptz, false
    from webhook_endpoints where enabled and test_events and ${sql.lit(type)} = any (events)`.execute(tx);
}

export function createOutbox(accepted: AcceptedFeed): Outbox {
  return {
    async emit(tx, event) {
      const at = sql`${event.at.toISOString()}::timestamptz as occurred_at`;
      const row =
        'paymentId' in event
          ? sql`select ${event.paymentId}::bigint as payment_id, ${at}`
          : sql`select ${JSON.stringify(event.payload)}::jsonb as payload, ${at}`;
      const endpointId = 'endpointId' in event ? event.endpointId : undefined;
      await emitEach(event.type, row, endpointId === undefined ? {} : { endpointId }).execute(tx);
    },
    accepted,
  };
}
