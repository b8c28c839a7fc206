import { type Kysely, sql } from 'kysely';

// The payment.accepted webhooks are written from the accepted payments themselves, in the order
// of their transactions' ids (as the ERP export reads them), not by the bank's payment statement:
// the accepted row, committed with the payment, is the outbox. This is how far that has got.
// It starts at the oldest transaction still running: every payment accepted before it had its
// messages written by its own statement.
const statements = [
  sql`create table webhook_accepted_feed (
    one boolean primary key default true check (one),
    txid xid8 not null,
    payment_id bigint not null
  )`,
  sql`insert into webhook_accepted_feed (txid, payment_id) values (pg_snapshot_xmin(pg_current_snapshot()), 0)`,
  // Due messages in the order they are claimed, so the first few are read from the index and
  // never sorted out of all that wait (src/db/index-order.ts).
  sql`drop index webhook_messages_due`,
  sql`create index webhook_messages_due on webhook_messages (next_attempt_at, id) where status = 'pending'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
