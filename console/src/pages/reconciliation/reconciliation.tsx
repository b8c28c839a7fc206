import { useState } from 'preact/hooks';
import { useLocation, useRoute } from 'preact-iso';
import { usePages, useResource } from '../../calls/hooks.js';
import { allows, useSession } from '../../session.js';
import { longDate } from '../../time.js';
import { csvDownload, fileLink } from '../../ui/csv-download.js';
import { Problem } from '../../ui/problem.js';
import { ShowMore } from '../../ui/show-more.js';
import { Table } from '../../ui/table.js';
import { When } from '../../ui/when.js';
import { Categories } from './categories.js';
import { ItemRow, itemColumns } from './item-row.js';
import { ItemsFound, OpenFound, useItemsTotals, useOpenTotals } from './items-found.js';
import { RunAccounts } from './run-accounts.js';
import { addressOf, apiQueryOf, CATEGORIES, type Filters, filtersOf } from './words.js';
import './reconciliation.css';

const PAGE = 100;

const counted = (count: number, noun: string) => `${count} ${count === 1 ? noun : `${noun}s`}`;

/**
 * One statement's reconciliation: its categories with exact sums, and the items of one category
 * (all, or only those still open) with how many there are, their sums and their CSV. The filters
 * are in the page's address.
 */
export function ReconciliationPage() {
  const { params } = useRoute();
  const { query, route } = useLocation();
  const reconciliationId = Number(params.id);
  const filters = filtersOf(query);
  const { role } = useSession();
  const [said, setSaid] = useState('');
  const path = { reconciliationId };
  // The run's own figures; its items are read a page at a time below.
  const read = useResource('/admin/v1/reconciliations/{reconciliationId}', { path, query: { limit: 1 } });
  const items = usePages('/admin/v1/reconciliations/{reconciliationId}', {
    path,
    query: { ...apiQueryOf(filters), limit: PAGE },
  });
  const totals = useItemsTotals(reconciliationId, filters);
  const open = useOpenTotals(reconciliationId);
  const run = read.data;
  const filter = (changed: Partial<Filters>) => route(addressOf(reconciliationId, { ...filters, ...changed }));
  const changed = (what: string) => {
    setSaid(what);
    read.reload();
    items.reload();
    totals.reload();
    open.reload();
  };
  return (
    <section aria-labelledby="reconciliation-title">
      <p>
        <a href="/console/reconciliation">All reconciliations</a>
      </p>
      <h1 id="reconciliation-title">
        {run
          ? `${run.clientName}: statement of ${run.period ? `${longDate(run.period.from)} to ${longDate(run.period.to)}` : 'no days'}`
          : 'Reconciliation'}
      </h1>
      <p role="status">{said}</p>
      <Problem text={read.problem || items.problem || totals.problem || open.problem} />
      {run && (
        <>
          <p class="note">
            {counted(run.lines, 'line')} ({counted(run.credits, 'credit')}), {run.format}, reconciled{' '}
            <When at={run.createdAt} /> by {run.createdBy}.{' '}
            <a
              {...fileLink(
                csvDownload(`/admin/v1/reconciliations/${reconciliationId}`, {}, ['reconciliation', reconciliationId]),
              )}
            >
              Download the report (CSV)
            </a>
          </p>
          <RunAccounts run={run} />
          <OpenFound totals={open} />
          <Categories run={run} category={filters.category} onChoose={(category) => filter({ category })} />
          <h2>{CATEGORIES[filters.category].name}</h2>
          <label class="open-only">
            <input
              type="checkbox"
              checked={filters.openOnly}
              onChange={(event) => filter({ openOnly: event.currentTarget.checked })}
            />{' '}
            Only those still open
          </label>
          <ItemsFound totals={totals} reconciliationId={reconciliationId} filters={filters} />
          {items.items && items.items.length > 0 && (
            <Table
              label={CATEGORIES[filters.category].name}
              class="items compact phone-cards"
              columns={itemColumns(run)}
            >
              {items.items.map((item) => (
                <ItemRow
                  key={item.itemKey}
                  item={item}
                  run={run}
                  canRecord={allows(role, 'finance')}
                  onChanged={changed}
                />
              ))}
            </Table>
          )}
          <ShowMore more={items.more} />
        </>
      )}
    </section>
  );
}
