import type { Db, Executor } from './schema.js';

/** Runs work in one transaction; store methods given the `tx` it passes take part in it. */
export type Transact = <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;

export const transactor =
  (db: Db): Transact =>
  (work) =>
    db.transaction().execute(work);
