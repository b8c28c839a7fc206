import { type SelectQueryBuilder, sql } from 'kysely';

/** One page of a listing in id order, within a time window (keyset paging: stable while rows are added). */
export interface Page {
  /** At or after. */
  from?: Date | undefined;
  /** Before. */
  to?: Date | undefined;
  newestFirst: boolean;
  /** The id of the page before's last row. */
  afterId?: number | undefined;
  limit: number;
}

/** Narrows a listing to one page; `id` orders it and `time` is the column the window applies to. */
export function onePage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: { id: string; time: string },
  page: Page,
): SelectQueryBuilder<DB, TB, O> {
  const id = sql.ref(columns.id);
  const time = sql.ref(columns.time);
  let narrowed = query;
  if (page.from) narrowed = narrowed.where(time, '>=', page.from);
  if (page.to) narrowed = narrowed.where(time, '<', page.to);
  if (page.afterId !== undefined) narrowed = narrowed.where(id, page.newestFirst ? '<' : '>', page.afterId);
  return narrowed.orderBy(id, page.newestFirst ? 'desc' : 'asc').limit(page.limit);
}
