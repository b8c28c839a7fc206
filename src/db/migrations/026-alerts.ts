import { type Kysely, sql } from 'kysely';

// Alerts (src/alerts/): what an admin set for each kind, each bank's working hours, the alerts
// themselves with whom each told, what each operator chose to get, the morning summaries sent, and
// the addresses each operator signed in from (a new one tells an admin).
const statements = [
  // One row a kind once an admin sets it; a kind without one has the defaults of src/alerts/alert-kinds.ts.
  sql`create table alert_settings (
    kind text primary key,
    enabled boolean not null,
    threshold integer check (threshold >= 0),
    recipients text[] not null default '{}',
    updated_at timestamptz not null
  )`,
  sql`create table bank_alert_settings (
    client_id text primary key references clients (id),
    silence_alert boolean not null,
    silent_after_minutes integer check (silent_after_minutes > 0),
    working_days smallint[] not null,
    working_from text not null check (working_from ~ '^[0-2][0-9]:[0-5][0-9]$'),
    working_until text not null check (working_until ~ '^[0-2][0-9]:[0-5][0-9]$'),
    updated_at timestamptz not null
  )`,
  sql`create table alerts (
    id bigint generated always as identity primary key,
    kind text not null,
    condition_key text not null,
    subject text not null,
    message text not null,
    raised_at timestamptz not null,
    cleared_at timestamptz,
    clear_message text
  )`,
  // One open alert a condition, whichever instance sees it first.
  sql`create unique index alerts_open on alerts (condition_key) where cleared_at is null`,
  sql`create index alerts_kind_open on alerts (kind) where cleared_at is null`,
  sql`create table alert_notices (
    alert_id bigint not null references alerts (id),
    about text not null check (about in ('raised', 'cleared')),
    recipients text[] not null,
    at timestamptz not null,
    primary key (alert_id, about)
  )`,
  sql`create table operator_notifications (
    operator_id text not null references operators (id),
    kind text not null,
    primary key (operator_id, kind)
  )`,
  sql`create table morning_summaries (
    day date primary key,
    queued_at timestamptz not null,
    recipients text[] not null
  )`,
  sql`create table operator_sign_in_addresses (
    operator_id text not null references operators (id),
    address text not null,
    first_at timestamptz not null,
    primary key (operator_id, address)
  )`,
  // Held under a reference new to the bank, by when: the alert of many in an hour reads only these.
  sql`create index payments_held_received on payments (received_at) where held_reason is not null`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
