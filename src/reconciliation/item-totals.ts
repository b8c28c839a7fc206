import { sql } from 'kysely';
import type { Executor } from '../db/schema.js';
import { lineCategoryFilter, notOnStatementFilter } from './item-filters.js';
import { itemsExtras } from './open-items.js';
import type { TotalName } from './reconciliation-tables.js';
import type { RunItemsPage } from './run-rows.js';

/** The items a list of them is filtered to. */
export interface ItemsFilter {
  category?: TotalName | undefined;
  open?: boolean | undefined;
}

/** How many items there are in one currency, and their exact sum where the items add up. */
export interface CurrencyTotal {
  currency: string | null;
  count: number;
  sum: string | null;
}

/**
 * Whether the items a filter lists are money of one kind, to be added up: one category, or the open
 * items (credits and payments in question, never a debit). Every item of a run together holds
 * debits beside credits, and a sum of both would be no figure anyone could use.
 */
const addsUp = (filter: ItemsFilter) => filter.category !== undefined || filter.open === true;

/** One part's items as the list reads them, by the currency of each: a line's own, else its statement's. */
function partTotals(id: number, part: RunItemsPage['part'], filter: ItemsFilter) {
  const extras = itemsExtras({ part, open: filter.open });
  if (part === 'lines') {
    return sql`
      select coalesce(x.currency, r.currency) as currency, x.amount
      from reconciliation_lines x join reconciliations r on r.id = x.reconciliation_id
        left join payments p on p.id = x.payment_id ${extras.join}
      where x.reconciliation_id = ${id} ${lineCategoryFilter(filter.category)} ${extras.filter}`;
  }
  return sql`
    select p.currency, p.amount
    from reconciliation_not_on_statement x join payments p on p.id = x.payment_id ${extras.join}
    where x.reconciliation_id = ${id} ${notOnStatementFilter(filter.category)} ${extras.filter}`;
}

/**
 * Count and exact sum per currency of the items of a run that a page of them would list, over
 * every page: the same filters, so the figure and the list (and its CSV) always agree.
 */
export async function itemTotalsOf(
  id: number,
  parts: readonly RunItemsPage['part'][],
  filter: ItemsFilter,
  ex: Executor,
): Promise<CurrencyTotal[]> {
  const items = sql.join(
    parts.map((part) => partTotals(id, part, filter)),
    sql` union all `,
  );
  const { rows } = await sql<CurrencyTotal>`
    select currency, count(*)::integer as count, sum(amount)::text as sum from (${items}) item
    group by currency order by currency nulls last`.execute(ex);
  return addsUp(filter) ? rows : rows.map((row) => ({ ...row, sum: null }));
}
