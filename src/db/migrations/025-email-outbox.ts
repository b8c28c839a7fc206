import { type Kysely, sql } from 'kysely';

// Email: an outbox written in the transaction of what causes each email and sent by whichever
// instance claims it (the webhooks' pattern); password-reset links beside the invite links; a
// contact address per bank for its hand-over links.
const statements = [
  sql`create table email_outbox (
    id bigint generated always as identity primary key,
    -- The Message-ID header, fixed when the email is queued: a repeat after a crash keeps it.
    message_id text not null unique,
    kind text not null,
    recipients text[] not null,
    subject text not null,
    -- Emptied once the email is sent or has failed: a link in it is a credential.
    text_body text not null,
    html_body text not null,
    queued_at timestamptz not null,
    status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
    attempts integer not null default 0,
    next_attempt_at timestamptz not null,
    sent_at timestamptz,
    last_error text
  )`,
  sql`create index email_outbox_due on email_outbox (next_attempt_at) where status = 'pending'`,
  sql`alter table operator_invites add column purpose text not null default 'invite'
    check (purpose in ('invite', 'reset'))`,
  sql`alter table clients add column contact_email text`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
