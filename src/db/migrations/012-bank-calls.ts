import { type Kysely, sql } from 'kysely';

// When each bank last called the bank API, for the console's "has it called in the last hour":
// written by a job every half minute from what each instance saw, never by the bank's own call.
const statements = [
  sql`create table bank_calls (
    client_id text primary key references clients (id),
    last_called_at timestamptz not null
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
