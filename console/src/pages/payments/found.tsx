import type { paths } from '../../api-types.js';
import { useResource } from '../../calls/hooks.js';
import type { Download } from '../../ui/csv-download.js';
import { FoundLine } from '../../ui/found-line.js';

type Filters = NonNullable<paths['/admin/v1/payments/totals']['get']['parameters']['query']>;

/**
 * How many payments the filters find and their sum in each currency: every page of them, not only
 * those shown, so the figure agrees with the dashboard's and the export's.
 */
export function Found({
  filters,
  noun = 'payment',
  download,
}: {
  filters: Filters;
  noun?: string;
  download?: Download;
}) {
  const { data, busy } = useResource('/admin/v1/payments/totals', { query: filters });
  // The last search's figures never stand beside this search's list.
  if (!data || busy) return null;
  return <FoundLine count={data.count} noun={noun} sums={data.byCurrency} download={download} />;
}
