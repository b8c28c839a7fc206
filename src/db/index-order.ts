import { sql } from 'kysely';
import type { Db, Executor } from './schema.js';

/** Runs a query that must read an index in its order, not sort what it finds. */
export type InIndexOrder = <T>(work: (ex: Executor) => Promise<T>) => Promise<T>;

/**
 * The embedded database has no autovacuum, so a table the service never analyzed has no
 * statistics, and the planner takes `status = 'pending'` for half a percent of the rows: to find
 * the first twenty due messages it would read every pending one and sort them (150 ms with 30,000
 * waiting, on the one connection the bank's calls need, against 5 ms from the index). There the
 * query runs in a transaction with sorting turned off. A PostgreSQL server keeps statistics, and
 * turning sorting off there inflates the plan's cost until it compiles the query (JIT) every time.
 */
export function inIndexOrder(db: Db, embedded: boolean): InIndexOrder {
  if (!embedded) return (work) => work(db);
  return (work) =>
    db.transaction().execute(async (tx) => {
      await sql`set local enable_sort = off`.execute(tx);
      return work(tx);
    });
}
