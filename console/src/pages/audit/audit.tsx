import { useLocation } from 'preact-iso';
import type { paths } from '../../api-types.js';
import { usePages } from '../../calls/hooks.js';
import { useSession } from '../../session.js';
import { DateInput } from '../../ui/date-input.js';
import { Problem } from '../../ui/problem.js';
import { queryOfAddress, searchOf } from '../../ui/search.js';
import { ShowMore } from '../../ui/show-more.js';
import { Table } from '../../ui/table.js';
import { When } from '../../ui/when.js';
import { Target } from './target.js';
import { AREAS, type AuditEvent, actionWords, detailWords } from './words.js';

type Audit = paths['/admin/v1/audit']['get'];
type Query = NonNullable<Audit['parameters']['query']>;
const FIELDS = ['from', 'to', 'operator', 'action'] as const;

/** The API's query from the page's address, newest first; the last day is inclusive on the page. */
const queryOf = (address: Record<string, string>): Query => ({
  order: 'newest',
  limit: 100,
  ...queryOfAddress(address, FIELDS),
});

/** Who did what and when, newest first, filtered by days, operator and kind of action. */
export function AuditPage() {
  const { query, route } = useLocation();
  const { items, problem, more } = usePages('/admin/v1/audit', { query: queryOf(query) });
  const filter = (event: Event) => route(`/console/audit?${searchOf(event, FIELDS)}`);

  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit</h1>
      <p class="note">Everything done through the console, the admin API and the hand-over links: newest first.</p>
      <form class="search" onSubmit={filter} aria-label="Filter the audit">
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
      {items && items.length > 0 && <AuditTable items={items} />}
      <ShowMore more={more} />
    </section>
  );
}

function AuditTable({ items }: { items: readonly AuditEvent[] }) {
  const { timeZone } = useSession();
  return (
    <Table label="Audit records" class="audit" columns={['When', 'Who', 'What', 'On', 'Details', 'From address']}>
      {items.map((event) => (
        <tr key={event.id}>
          <td>
            <When at={event.at} />
          </td>
          <td>{event.actor}</td>
          <td>{actionWords(event.action)}</td>
          <td>
            <Target event={event} />
          </td>
          <td>{detailWords(event.detail, timeZone)}</td>
          <td>{event.sourceIp ?? '—'}</td>
        </tr>
      ))}
    </Table>
  );
}
