import { type Kysely, sql } from 'kysely';

// The money desk: a held payment is allocated to a member or returned; a payment may be recorded
// from a bank statement's line; each payment keeps its history; statements are reconciled and
// kept; named ERP feeds remember where their last export stopped.
const statements = [
  sql`alter table payments drop constraint payments_status_check`,
  sql`alter table payments add constraint payments_status_check check (status in ('accepted', 'held', 'returned'))`,
  // A returned payment keeps the reason it was held for: a re-send gets the answer it got then.
  sql`alter table payments drop constraint payments_check1`,
  sql`alter table payments add constraint payments_held_reason_set
    check ((status in ('held', 'returned')) = (held_reason is not null))`,
  // The member credited: the one the notification named, or the one finance allocated it to.
  sql`alter table payments add column member_number text`,
  sql`update payments set member_number = customer_ref where status = 'accepted'`,
  sql`alter table payments add constraint payments_member_set check ((status = 'accepted') = (member_number is not null))`,
  sql`alter table payments add column source text not null default 'notification'
    check (source in ('notification', 'statement'))`,
  sql`alter table payments alter column raw_notification drop not null`,
  sql`create index payments_member on payments (member_number, id) where member_number is not null`,
  // The daily report reads only this index: a year of a million payments without touching the table.
  sql`create index payments_transaction_date on payments (transaction_date)
    include (status, amount, currency, client_id, payment_type)`,
  sql`create index payments_client_date on payments (client_id, transaction_date) where status = 'accepted'`,
  sql`create table payment_events (
    id bigint generated always as identity primary key,
    payment_id bigint not null references payments (id),
    at timestamptz not null,
    kind text not null,
    actor text not null,
    operator_id text,
    note text,
    detail jsonb not null default '{}'
  )`,
  sql`create index payment_events_payment on payment_events (payment_id, id)`,
  sql`alter table clients add column statement_mapping jsonb`,
  sql`create table reconciliations (
    id bigint generated always as identity primary key,
    client_id text not null references clients (id),
    format text not null,
    account_id text,
    currency text,
    period_from date,
    period_to date,
    lines integer not null,
    credits integer not null,
    totals jsonb not null,
    created_at timestamptz not null,
    actor text not null,
    operator_id text
  )`,
  sql`create index reconciliations_client on reconciliations (client_id, id)`,
  sql`create table reconciliation_lines (
    reconciliation_id bigint not null references reconciliations (id),
    line_no integer not null,
    position text not null,
    booking_date date not null,
    value_date date,
    reference text not null,
    refs text[] not null,
    amount numeric(15, 2) not null,
    credit_debit text not null,
    currency text,
    narration text not null,
    category text check (category in ('matched', 'amount_mismatch', 'held', 'missing_notification')),
    payment_id bigint references payments (id),
    detail jsonb not null default '{}',
    primary key (reconciliation_id, line_no)
  )`,
  sql`create index reconciliation_lines_payment on reconciliation_lines (reconciliation_id, payment_id)
    where payment_id is not null`,
  // Accepted payments of the bank in the statement's period that no line of it matched.
  sql`create table reconciliation_not_on_statement (
    reconciliation_id bigint not null references reconciliations (id),
    payment_id bigint not null references payments (id),
    primary key (reconciliation_id, payment_id)
  )`,
  sql`create table export_feeds (
    name text primary key,
    cursor text not null,
    updated_at timestamptz not null,
    actor text not null
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
