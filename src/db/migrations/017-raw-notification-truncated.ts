import { type Kysely, sql } from 'kysely';

// A payment keeps at most the first 4 KiB of the notification's body (src/payments/kept-notification.ts):
// its known fields have columns of their own. This says when the body was longer and was cut.
// A constant default adds the column without rewriting the table.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payments add column raw_notification_truncated boolean not null default false`.execute(db);
}
