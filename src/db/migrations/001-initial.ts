import { type Kysely, sql } from 'kysely';

const statements = [
  sql`create table service_keys (
    name text primary key,
    value text not null,
    created_at timestamptz not null default now()
  )`,
  sql`create table clients (
    id text primary key,
    name text not null,
    created_at timestamptz not null
  )`,
  sql`create table client_secrets (
    id text primary key,
    client_id text not null references clients (id),
    secret_hash text,
    handover_hash text not null unique,
    handover_expires_at timestamptz not null,
    created_at timestamptz not null,
    revealed_at timestamptz,
    revoked_at timestamptz
  )`,
  sql`create index client_secrets_client on client_secrets (client_id)`,
  sql`create table token_rate_limits (
    client_id text primary key,
    hits timestamptz[] not null
  )`,
  sql`create table members (
    customer_ref text primary key check (customer_ref ~ '^[0-9]{7}$'),
    full_name text not null check (full_name <> ''),
    status text not null check (status in ('active', 'suspended', 'closed')),
    active_since timestamptz,
    activation integer not null default 0,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  sql`create table validations (
    id bigint generated always as identity primary key,
    client_id text not null,
    customer_ref text not null,
    activation integer not null,
    validated_at timestamptz not null
  )`,
  sql`create index validations_lookup on validations (client_id, customer_ref, activation, validated_at desc)`,
  sql`create table payments (
    id bigint generated always as identity primary key,
    client_id text not null references clients (id),
    transaction_reference text not null,
    payment_type text not null,
    customer_ref text not null,
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
    received_at timestamptz not null,
    updated_at timestamptz not null,
    accepted_at timestamptz,
    attempts integer not null default 1,
    unique (client_id, transaction_reference),
    check ((status = 'accepted') = (erp_ref_id is not null)),
    check ((status = 'held') = (held_reason is not null))
  )`,
  sql`create index payments_status on payments (status, id)`,
  sql`create index payments_customer on payments (customer_ref, id)`,
  sql`create index payments_received on payments (received_at, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
