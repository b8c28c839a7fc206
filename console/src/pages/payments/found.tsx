import type { paths } from '../../api-types.js';
import { useResource } from '../../calls/hooks.js';
import { formatMoney } from '../../decimal.js';

type Filters = NonNullable<paths['/admin/v1/payments/totals']['get']['parameters']['query']>;

/**
 * How many payments the filters find and their sum in each currency: every page of them, not only
 * those shown, so the figure agrees with the dashboard's and the export's.
 */
export function Found({ filters, noun = 'payment' }: { filters: Filters; noun?: string }) {
  const { data, busy } = useResource('/admin/v1/payments/totals', { query: filters });
  // The last search's figures never stand beside this search's list.
  if (!data || busy) return null;
  const counted = `${data.count.toLocaleString('en-GB')} ${noun}${data.count === 1 ? '' : 's'}`;
  const sums = data.byCurrency.map((one) => formatMoney(one.sum, one.currency)).join(' · ');
  return <p class="found">{data.count === 0 ? `No ${noun}s.` : `${counted}: ${sums}`}</p>;
}
