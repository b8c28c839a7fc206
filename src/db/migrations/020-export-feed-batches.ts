import { type Kysely, sql } from 'kysely';

// Each move of a named ERP feed, kept: the console shows finance what each batch held, when and who
// took it, and can fetch a batch again from its two cursors. Numbered per feed; a move is serialised
// by the feed's own row, so two batches of one feed cannot take one number.
const statements = [
  sql`create table export_feed_batches (
    feed text not null references export_feeds (name),
    number integer not null check (number > 0),
    since text,
    until text not null,
    payments integer not null check (payments >= 0),
    last_payment_id bigint references payments (id),
    taken_at timestamptz not null,
    actor text not null,
    primary key (feed, number)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
