import { type Kysely, sql } from 'kysely';

// Finance marks an item of a run that needed someone as dealt with, with a note. An item is a line
// ("line-14") or a payment not on the statement ("payment-123"): one key for both, so one table.
// Deleting the row undoes the mark; the audit keeps both.
const statements = [
  sql`create table reconciliation_dealt_with (
    reconciliation_id bigint not null references reconciliations (id),
    item_key text not null check (item_key ~ '^(line|payment)-[0-9]{1,18}$'),
    note text not null,
    at timestamptz not null,
    actor text not null,
    operator_id text,
    primary key (reconciliation_id, item_key)
  )`,
  // The lines that may need someone, so a run's open count reads its exceptions, not its matched lines.
  sql`create index reconciliation_lines_exceptions on reconciliation_lines (reconciliation_id, line_no)
    where category <> 'matched'`,
  // A statement's narration names a member by name: looked up by the name's words, lower case, single-spaced,
  // split on the same ASCII punctuation as the narration (src/reconciliation/name-words.ts).
  sql`create index members_name_words on members
    ((btrim(regexp_replace(lower(full_name), '[[:space:].,;:/()&_"]+', ' ', 'g'))))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
