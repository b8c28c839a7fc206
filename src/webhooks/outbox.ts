import { sql } from 'kysely';
import type { Executor } from '../db/schema.js';
import type { EventName } from './events.js';

export interface OutboxEvent {
  type: EventName;
  at: Date;
  paymentId?: number;
  /** The event's data when it is not a payment's. */
  payload?: Record<string, unknown>;
  /** Only to this endpoint (a test message); otherwise to every enabled endpoint subscribed to the type. */
  endpointId?: string;
}

/**
 * Writes an event's messages in the caller's transaction: a change that rolls back leaves no
 * message, and a change that commits has one for each endpoint subscribed at that moment. The
 * bank's notifications are their own: a first hold writes its message in the statement that
 * records it (record-statement.ts), and an accepted payment is itself the entry its messages are
 * written from (accepted-messages.ts).
 */
export async function enqueue(tx: Executor, event: OutboxEvent): Promise<void> {
  let endpoints = tx
    .selectFrom('webhook_endpoints')
    .select([
      'id as endpoint_id',
      sql<string>`${event.type}::text`.as('event_type'),
      sql<number | null>`${event.paymentId ?? null}::bigint`.as('payment_id'),
      sql<string | null>`${event.payload === undefined ? null : JSON.stringify(event.payload)}::jsonb`.as('payload'),
      sql<Date>`${event.at.toISOString()}::timestamptz`.as('occurred_at'),
      sql<Date>`${event.at.toISOString()}::timestamptz`.as('next_attempt_at'),
    ]);
  endpoints =
    event.endpointId === undefined
      ? endpoints.where('enabled', '=', true).where(sql<boolean>`${event.type} = any (events)`)
      : endpoints.where('id', '=', event.endpointId);
  await tx
    .insertInto('webhook_messages')
    .columns(['endpoint_id', 'event_type', 'payment_id', 'payload', 'occurred_at', 'next_attempt_at'])
    .expression(endpoints)
    .execute();
}
