import { type Kysely, sql } from 'kysely';

// Webhooks: the ERP's endpoints, and an outbox of messages written in the transaction of the
// change each describes, delivered (and retried) by whichever instance claims them.
const statements = [
  sql`create table webhook_endpoints (
    id text primary key,
    url text not null,
    description text not null default '',
    events text[] not null,
    enabled boolean not null default true,
    disabled_reason text,
    -- The signing secret must be kept to sign with (an HMAC key, like the token signing key).
    secret text not null,
    previous_secret text,
    previous_secret_until timestamptz,
    -- Since when every attempt has failed; null after a success.
    failing_since timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  sql`create table webhook_messages (
    id bigint generated always as identity primary key,
    endpoint_id text not null references webhook_endpoints (id) on delete cascade,
    event_type text not null,
    payment_id bigint references payments (id),
    -- The event's own data when it is not a payment's (a member's status, a test).
    payload jsonb,
    occurred_at timestamptz not null,
    status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null,
    delivered_at timestamptz,
    last_status_code integer
  )`,
  sql`create index webhook_messages_due on webhook_messages (next_attempt_at) where status = 'pending'`,
  sql`create index webhook_messages_endpoint on webhook_messages (endpoint_id, id)`,
  sql`create index webhook_messages_payment on webhook_messages (endpoint_id, payment_id, id)
    where status = 'pending' and payment_id is not null`,
  sql`create table webhook_attempts (
    id bigint generated always as identity primary key,
    message_id bigint not null references webhook_messages (id) on delete cascade,
    at timestamptz not null,
    status_code integer,
    latency_ms integer not null,
    response text,
    error text
  )`,
  sql`create index webhook_attempts_message on webhook_attempts (message_id, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
