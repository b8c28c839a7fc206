import { sql } from 'kysely';
import type { Executor } from '../db/schema.js';
import { TOTAL_NAMES, type Total, type TotalName } from './reconciliation-tables.js';

type Totals = Record<TotalName, Total>;

/** A run's figures: for the whole run, and for each account part of its file (1 = the first). */
export interface RunTotals {
  totals: Totals;
  ofPart: (part: number) => Totals;
}

const noTotals = (): Totals => {
  const totals = {} as Totals;
  for (const name of TOTAL_NAMES) totals[name] = { count: 0, sum: '0.00' };
  return totals;
};

/**
 * Count and exact sum per category, for the whole run (part null) and for each account part of
 * the file (part 1, 2...: each in its own currency); `debit` counts the lines that are not credits
 * (debits and reversals).
 */
function totalsQuery(reconciliationId: number) {
  return sql<{ whole: boolean; part: number | null; name: string; count: number; sum: string }>`
    select grouping(part) = 1 as whole, part, name, count(*)::integer as count, round(coalesce(sum(amount), 0), 2)::text as sum
    from (
      select account_part as part, coalesce(category, 'debit') as name, amount
      from reconciliation_lines where reconciliation_id = ${reconciliationId}
      union all
      select n.account_part, case when n.next_statement then 'next_statement' else 'not_on_statement' end, p.amount
      from reconciliation_not_on_statement n join payments p on p.id = n.payment_id
      where n.reconciliation_id = ${reconciliationId}
    ) item
    group by grouping sets ((name), (part, name))`;
}

export async function totalsOf(reconciliationId: number, ex: Executor): Promise<RunTotals> {
  const { rows } = await totalsQuery(reconciliationId).execute(ex);
  const totals = noTotals();
  const parts = new Map<number, Totals>();
  for (const row of rows) {
    const into = row.whole ? totals : (parts.get(row.part ?? 0) ?? noTotals());
    into[row.name as TotalName] = { count: row.count, sum: row.sum };
    if (!row.whole) parts.set(row.part ?? 0, into);
  }
  return { totals, ofPart: (part) => parts.get(part) ?? noTotals() };
}
