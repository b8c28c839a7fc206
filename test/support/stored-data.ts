import { sql } from 'kysely';
import type { Db } from '../../src/db/schema.js';

/**
 * The tables whose rows are the service's stored data, each with a key that orders its rows.
 * token_rate_hits is left out on purpose: every token request that names a client ID adds a
 * hit there, refused ones included (docs/BANK-API.md says so), so it changes on requests that are
 * rightly refused.
 */
const TABLES = {
  service_keys: 'name',
  clients: 'id',
  client_secrets: 'id',
  members: 'member_number',
  validations: 'id',
  payments: 'id',
  audit_events: 'id',
} as const;

export type StoredTable = keyof typeof TABLES;

/** One digest per table, so a change can be told by the table it happened in. */
export type Fingerprint = Record<StoredTable, string>;

/** A digest of every row of every data table, in one query. */
export async function fingerprint(db: Db): Promise<Fingerprint> {
  const parts = Object.entries(TABLES).map(
    ([table, key]) =>
      sql`select ${table} as name, md5(coalesce(string_agg(t::text, ',' order by t.${sql.ref(key)}), '')) as digest, count(*)::int as count
          from ${sql.table(table)} t`,
  );
  const { rows } = await sql<{
    name: StoredTable;
    digest: string;
    count: number;
  }>`${sql.join(parts, sql` union all `)}`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, `${row.count}:${row.digest}`])) as Fingerprint;
}

/** The tables whose digest differs between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): StoredTable[] {
  return (Object.keys(TABLES) as StoredTable[]).filter((table) => before[table] !== after[table]);
}
