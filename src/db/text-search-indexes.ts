import { sql } from 'kysely';
import type { Db } from './schema.js';

/**
 * Whether the payments search by text has its trigram indexes (migration 023): a PostgreSQL server
 * without the pg_trgm extension, or a role that may not add it, has none.
 */
export async function hasTextSearchIndexes(db: Db): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`select to_regclass('payments_text') is not null as found`.execute(db);
  return rows[0]?.found === true;
}
