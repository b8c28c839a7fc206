import { type Kysely, sql } from 'kysely';

// Failed authentications, kept for as long as a throttle looks back, so that every instance counts
// the same ones: the admin token's per address now, operators' sign-ins later.
const statements = [
  sql`create table auth_failures (
    id bigint generated always as identity primary key,
    scope text not null,
    key text not null,
    at timestamptz not null
  )`,
  sql`create index auth_failures_lookup on auth_failures (scope, key, at)`,
  sql`create index auth_failures_at on auth_failures (at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
