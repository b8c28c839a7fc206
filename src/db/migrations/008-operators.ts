import { type Kysely, sql } from 'kysely';

// People behind the admin actions: operators with a role, the links that invite them, their
// sessions and API tokens, second factors, and who each audit record was made by.
const statements = [
  sql`create table operators (
    id text primary key,
    email text not null,
    email_key text not null unique,
    name text not null check (name <> ''),
    role text not null check (role in ('viewer', 'finance', 'admin')),
    password_hash text,
    password_changed_at timestamptz,
    disabled_at timestamptz,
    totp_secret text,
    totp_pending_secret text,
    totp_enabled_at timestamptz,
    totp_last_step bigint,
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  sql`create table operator_invites (
    token_hash text primary key,
    operator_id text not null references operators (id),
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null
  )`,
  sql`create index operator_invites_operator on operator_invites (operator_id)`,
  sql`create table operator_sessions (
    id_hash text primary key,
    operator_id text not null references operators (id),
    created_at timestamptz not null,
    last_seen_at timestamptz not null,
    ended_at timestamptz
  )`,
  sql`create index operator_sessions_operator on operator_sessions (operator_id) where ended_at is null`,
  sql`create table operator_tokens (
    id text primary key,
    operator_id text not null references operators (id),
    name text not null,
    token_hash text not null unique,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    revoked_at timestamptz,
    last_used_at timestamptz
  )`,
  sql`create index operator_tokens_operator on operator_tokens (operator_id)`,
  sql`create table operator_recovery_codes (
    operator_id text not null references operators (id),
    code_hash text not null,
    used_at timestamptz,
    primary key (operator_id, code_hash)
  )`,
  // Who acted: an operator (by id, and by email in actor), or else what acted (the owner token, as
  // for every record made before operators existed, a one-time link, an anonymous sign-in attempt).
  sql`alter table audit_events add column operator_id text`,
  sql`alter table audit_events add column actor text not null default 'owner token'`,
  sql`create index audit_events_actor on audit_events (actor, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
