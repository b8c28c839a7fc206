import { type Kysely, sql } from 'kysely';

// The token rate limit counts hits per client ID and second instead of keeping every hit's time:
// its cost no longer grows with the limit. A minute of earlier hits is forgotten at upgrade. The
// old table token_rate_limits stays, unused, so that instances of the previous version still
// running during an upgrade keep answering; a later migration drops it.
const statements = [
  sql`create table token_rate_hits (
    client_id text not null,
    second bigint not null,
    hits integer not null check (hits > 0),
    primary key (client_id, second)
  )`,
  sql`create index token_rate_hits_second on token_rate_hits (second)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
