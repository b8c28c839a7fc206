import { createHash } from 'node:crypto';
import type { QueryResult, RawBuilder } from 'kysely';
import type pg from 'pg';
import type { Executor } from './schema.js';

/** Name of every statement text run through runPrepared. */
const names = new Map<string, string>();

/**
 * Runs a statement of the bank calls. On PostgreSQL each pooled connection parses its text once,
 * as a named prepared statement, instead of on every call (see prepareRegisteredStatements); it is
 * still planned on every call (see the pool's plan_cache_mode). Run only statements whose text is
 * fixed (values go in parameters), so that each connection holds a handful.
 */
export async function runPrepared<R>(query: RawBuilder<R>, ex: Executor): Promise<QueryResult<R>> {
  const compiled = query.compile(ex);
  if (!names.has(compiled.sql)) {
    names.set(compiled.sql, `bis_${createHash('sha256').update(compiled.sql).digest('hex').slice(0, 24)}`);
  }
  return ex.executeQuery<R>(compiled);
}

/** Makes a pooled client prepare every statement text that runPrepared has run. */
export function prepareRegisteredStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (
    config: pg.QueryConfig | string,
    values?: unknown[],
  ) => Promise<pg.QueryResult>;
  client.query = ((text: unknown, values?: unknown[]) => {
    const name = typeof text === 'string' ? names.get(text) : undefined;
    return name === undefined
      ? query(text as string, values)
      : query({ name, text: text as string, values: values ?? [] });
  }) as typeof client.query;
}
