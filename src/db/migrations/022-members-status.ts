import { type Kysely, sql } from 'kysely';

// The members list filtered by status (how many are suspended, the closed ones downloaded) reads
// this index in number order, instead of the whole register.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index members_status on members (status, member_number)`.execute(db);
}
