import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type pg from 'pg';

/**
 * Begins the text of a statement that runs on every bank call. On PostgreSQL each connection
 * parses it once, as a named prepared statement, instead of on every call; elsewhere it is only
 * a comment. It is still planned on every call (see the pool's plan_cache_mode). Mark only
 * statements whose text is fixed (values go in parameters), so each connection holds a handful.
 */
export const PREPARED = '/* prepared */';

/** PREPARED for the start of a sql`` template. */
export const prepared = sql.raw(PREPARED);

const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `bis_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/** Makes a pooled client prepare the statements marked PREPARED. */
export function prepareMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: pg.QueryConfig | string, values?: unknown[]) => Promise<pg.QueryResult>;
  client.query = ((text: unknown, values?: unknown[]) =>
    typeof text === 'string' && text.startsWith(PREPARED)
      ? query({ name: nameOf(text), text, values: values ?? [] })
      : query(text as string, values)) as typeof client.query;
}
