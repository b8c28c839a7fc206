import { type Kysely, sql } from 'kysely';

// Validations older than the validation window count for no payment and are pruned on a schedule.
const statements = [sql`create index validations_validated_at on validations (validated_at)`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}
