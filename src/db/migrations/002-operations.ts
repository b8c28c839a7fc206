import { type Kysely, sql } from 'kysely';

const statements = [
  // The transaction that accepted a payment. The ERP export is bounded by transactions that
  // have all finished, which a sequence number or a timestamp cannot tell (they are taken
  // before commit, so a smaller one can become visible after a larger one).
  sql`alter table payments add column accepted_txid xid8`,
  sql`update payments set accepted_txid = '1'::xid8 where status = 'accepted'`,
  sql`alter table payments add constraint payments_accepted_txid check ((status = 'accepted') = (accepted_txid is not null))`,
  sql`create index payments_export on payments (accepted_txid, id) where status = 'accepted'`,
  sql`create table audit_events (
    id bigint generated always as identity primary key,
    at timestamptz not null,
    action text not null,
    target text not null,
    request_id text,
    source_ip text,
    detail jsonb not null default '{}'
  )`,
  sql`create index audit_events_at on audit_events (at, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
