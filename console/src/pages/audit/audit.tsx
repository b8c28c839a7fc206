import { useLocation } from 'preact-iso';
import type { paths } from '../../api-types.js';
import { usePages, useResource } from '../../calls/hooks.js';
import { csvDownload } from '../../ui/csv-download.js';
import { DateInput } from '../../ui/date-input.js';
import { FoundLine } from '../../ui/found-line.js';
import { Problem } from '../../ui/problem.js';
import { queryOfAddress, searchOf } from '../../ui/search.js';
import { ShowMore } from '../../ui/show-more.js';
import { Table } from '../../ui/table.js';
import { When } from '../../ui/when.js';
import { Sentence } from './target.js';
import { AREAS, type AuditEvent } from './words.js';
import './audit.css';

type Filters = NonNullable<paths['/admin/v1/audit/totals']['get']['parameters']['query']>;
const FIELDS = ['from', 'to', 'operator', 'action'] as const;

/** How many records the filters find, over every page, and all of them as CSV, newest first like the list. */
function Found({ filters }: { filters: Filters }) {
  const { data, busy } = useResource('/admin/v1/audit/totals', { query: filters });
  // The last search's count never stands beside this search's list.
  if (!data || busy) return null;
  const download = csvDownload('/admin/v1/audit', { ...filters, order: 'newest' }, ['audit']);
  return <FoundLine count={data.count} noun="record" download={download} />;
}

/** Who did what and when, newest first, filtered by days, operator and kind of action. */
export function AuditPage() {
  const { query, route } = useLocation();
  // The last day picked is inclusive on the page.
  const filters: Filters = queryOfAddress(query, FIELDS);
  const { items, problem, more } = usePages('/admin/v1/audit', { query: { order: 'newest', limit: 100, ...filters } });
  const filter = (event: Event) => route(`/console/audit?${searchOf(event, FIELDS)}`);

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit</h1>
      <p class="note">Everything done through the console, the admin API and the hand-over links: newest first.</p>
      <form class="search audit-filter" onSubmit={filter} aria-label="Filter the audit">
        <div>
          <label for="audit-action">What</label>
          <select id="audit-action" name="action">
            <option value="">Everything</option>
            {AREAS.map((area) => (
              <option key={area.value} value={area.value} selected={area.value === query.action}>
                {area.words}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label for="audit-operator">Who (an operator's email, or owner token)</label>
          <input id="audit-operator" name="operator" type="text" defaultValue={query.operator ?? ''} />
        </div>
        <div>
          <label for="audit-from">From (day)</label>
          <DateInput id="audit-from" name="from" defaultValue={query.from ?? ''} />
        </div>
        <div>
          <label for="audit-to">Up to (day)</label>
          <DateInput id="audit-to" name="to" defaultValue={query.to ?? ''} />
        </div>
        <button type="submit">Show</button>
      </form>
      <Problem text={problem} />
      {items && items.length === 0 && <p>Nothing matches.</p>}
      {items && items.length > 0 && (
        <>
          <Found filters={filters} />
          <AuditTable items={items} />
        </>
      )}
      <ShowMore more={more} />
    </section>
  );
}

function AuditTable({ items }: { items: readonly AuditEvent[] }) {
  return (
    <Table label="Audit records" class="audit stacks" columns={['When', 'Who', 'What was done', 'From address']}>
      {items.map((event) => (
        <tr key={event.id}>
          <td class="when">
            <When at={event.at} />
          </td>
          <td class="who">
            {event.actorName ? (
              <>
                {event.actorName}
                <br />
                <span class="muted">{event.actor}</span>
              </>
            ) : (
              event.actor
            )}
          </td>
          <td class="what full">
            <Sentence event={event} />
          </td>
          <td class="from full">
            <span class="from-words">From </span>
            {event.sourceIp ?? '—'}
          </td>
        </tr>
      ))}
    </Table>
  );
}
