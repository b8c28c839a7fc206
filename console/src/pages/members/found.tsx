import type { paths } from '../../api-types.js';
import { useResource } from '../../calls/hooks.js';
import { csvDownload } from '../../ui/csv-download.js';
import { FoundLine } from '../../ui/found-line.js';

export type MemberFilters = NonNullable<paths['/admin/v1/members/totals']['get']['parameters']['query']>;

/** How many members the search finds, every page of them, with the download of them all. */
export function MembersFound({ filters }: { filters: MemberFilters }) {
  const { data, busy } = useResource('/admin/v1/members/totals', { query: filters });
  // The last search's count never stands beside this search's list.
  if (!data || busy) return null;
  const download = csvDownload('/admin/v1/members', filters, ['members', filters.status, filters.q, filters.near]);
  return <FoundLine count={data.count} noun="member" download={download} />;
}
