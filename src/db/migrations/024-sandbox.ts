import { type Kysely, sql } from 'kysely';

// Sandbox clients (src/sandbox/): a bank's test credentials. What they do is kept in tables of its
// own, never in payments or validations, so no export, feed, total, dashboard figure or
// reconciliation can count a test payment by forgetting a condition, and the live statements stay
// as they were. A client is live or sandbox for good.
const statements = [
  sql`alter table clients add column sandbox boolean not null default false`,
  sql`create table sandbox_validations (
    client_id text not null references clients (id) on delete cascade,
    member_number text not null,
    validated_at timestamptz not null
  )`,
  sql`create index sandbox_validations_member on sandbox_validations (client_id, member_number, validated_at)`,
  sql`create index sandbox_validations_at on sandbox_validations (validated_at)`,
  sql`create table sandbox_payments (
    id bigint generated always as identity primary key,
    client_id text not null references clients (id) on delete cascade,
    transaction_reference text not null,
    payment_type text not null,
    customer_ref text not null,
    member_number text,
    amount numeric(15, 2) not null check (amount > 0),
    currency text not null,
    transaction_date timestamptz not null,
    payer_name text,
    payer_account text,
    payer_phone text,
    narration text,
    status text not null check (status in ('accepted', 'held')),
    held_reason text check (held_reason in ('customer_not_payable', 'not_validated')),
    erp_ref_id text unique,
    raw_notification text not null,
    raw_notification_truncated boolean not null default false,
    received_at timestamptz not null,
    updated_at timestamptz not null,
    accepted_at timestamptz,
    attempts integer not null default 1,
    unique (client_id, transaction_reference),
    check ((status = 'accepted') = (erp_ref_id is not null)),
    check ((status = 'held') = (held_reason is not null))
  )`,
  sql`create index sandbox_payments_client on sandbox_payments (client_id, id)`,
  sql`create index sandbox_payments_received on sandbox_payments (received_at)`,
  // An ERP's endpoint hears of test payments only when it asks to.
  sql`alter table webhook_endpoints add column test_events boolean not null default false`,
  sql`alter table webhook_messages add column livemode boolean not null default true`,
  sql`create index webhook_messages_test on webhook_messages ((payload ->> 'erpRefId')) where not livemode`,
  // The credential the service makes for itself to send a test payment as a sandbox bank, and
  // revokes when it is done: it takes none of the bank's two slots and is not listed.
  sql`alter table client_secrets add column self_test boolean not null default false`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
