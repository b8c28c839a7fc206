import { useResource } from '../../calls/hooks.js';
import { formatMoney } from '../../decimal.js';
import { type CurrencySum, FoundLine } from '../../ui/found-line.js';
import { apiQueryOf, csvOf, type Filters, nounOf } from './words.js';

/** How many items the filters find and their sum in each currency, every page of them: read once per filter. */
export const useItemsTotals = (reconciliationId: number, filters: Filters) =>
  useResource('/admin/v1/reconciliations/{reconciliationId}/totals', {
    path: { reconciliationId },
    query: apiQueryOf(filters),
  });

type Totals = NonNullable<ReturnType<typeof useItemsTotals>['data']>;

/** The sums the API gives, in each currency (none for items that do not add up, as a run's debits and credits). */
const sumsOf = (totals: Totals): CurrencySum[] =>
  totals.byCurrency.flatMap((one) => (one.sum === null ? [] : [{ currency: one.currency ?? '', sum: one.sum }]));

/** The figures above the list, with the CSV of exactly the items the filters find. */
export function ItemsFound({
  totals,
  reconciliationId,
  filters,
}: {
  totals: ReturnType<typeof useItemsTotals>;
  reconciliationId: number;
  filters: Filters;
}) {
  const { data, busy } = totals;
  // The last filter's figures never stand beside this filter's list.
  if (!data || busy) return null;
  return (
    <FoundLine
      count={data.count}
      noun={nounOf(filters.category)}
      sums={sumsOf(data)}
      download={csvOf(reconciliationId, filters)}
    />
  );
}

/** What the whole run still has open, in each currency: every category, every page. */
export const useOpenTotals = (reconciliationId: number) =>
  useResource('/admin/v1/reconciliations/{reconciliationId}/totals', {
    path: { reconciliationId },
    query: { open: true },
  });

/** "Still open: 3 items, KES 4,590.00." (a sum per currency), or that nothing is. */
export function OpenFound({ totals }: { totals: ReturnType<typeof useOpenTotals> }) {
  const { data } = totals;
  if (!data) return null;
  if (data.count === 0) {
    return <p class="open-count">Nothing is open: every line is matched, dealt with or settled.</p>;
  }
  const sums = sumsOf(data)
    .map((one) => formatMoney(one.sum, one.currency))
    .join(' · ');
  return (
    <p class="open-count">
      Still open: {data.count} {data.count === 1 ? 'item' : 'items'}, {sums}.
    </p>
  );
}
