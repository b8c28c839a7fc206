import { type Kysely, sql } from 'kysely';

// Who may use a client's credentials: the addresses its requests may come from (none listed:
// any), and whether the organisation has disabled it.
const statements = [
  sql`alter table clients add column allowed_ips text[] not null default '{}'`,
  sql`alter table clients add column disabled_at timestamptz`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
