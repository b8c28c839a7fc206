import { useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { useResource } from '../../calls/hooks.js';
import { formatMoney } from '../../decimal.js';
import { allows, useSession } from '../../session.js';
import { Problem } from '../../ui/problem.js';
import { Table } from '../../ui/table.js';
import { When } from '../../ui/when.js';
import { ItemRow } from './item-row.js';
import { RunAccounts } from './run-accounts.js';
import { CATEGORIES, type Category, severalAccounts } from './words.js';
import './reconciliation.css';

/** One statement's reconciliation: its categories with exact sums, and the lines of one category. */
export function ReconciliationPage() {
  const { params } = useRoute();
  const reconciliationId = Number(params.id);
  const { role } = useSession();
  const [category, setCategory] = useState<Category>('missing_notification');
  const [openOnly, setOpenOnly] = useState(false);
  const [said, setSaid] = useState('');
  const read = useResource('/admin/v1/reconciliations/{reconciliationId}', {
    path: { reconciliationId },
    query: { category, limit: 1000, ...(openOnly ? { open: true } : {}) },
  });
  const run = read.data;
  const items = run?.items ?? [];
  const recorded = (what: string) => {
    setSaid(what);
    read.reload();
  };
  return (
    <section aria-labelledby="reconciliation-title">
      <p>
        <a href="/console/reconciliation">All reconciliations</a>
      </p>
      <h1 id="reconciliation-title">
        {run
          ? `${run.clientName}: statement of ${run.period ? `${run.period.from} to ${run.period.to}` : 'no days'}`
          : 'Reconciliation'}
      </h1>
      <p role="status">{said}</p>
      <Problem text={read.problem} />
      {run && (
        <>
          <p class="note">
            {run.lines} lines ({run.credits} credits), {run.format}, reconciled <When at={run.createdAt} /> by{' '}
            {run.createdBy}.{' '}
            <a
              href={`/admin/v1/reconciliations/${reconciliationId}?format=csv`}
              download={`reconciliation-${reconciliationId}.csv`}
            >
              Download the report (CSV)
            </a>
          </p>
          <RunAccounts run={run} />
          <p class="open-count">
            {run.open.count === 0
              ? 'Nothing is open: every line is matched, dealt with or settled.'
              : `Still open: ${run.open.count} ${run.open.count === 1 ? 'item' : 'items'}, ${formatMoney(run.open.sum, run.currency)}.`}
          </p>
          <Table
            label="Categories"
            class="categories"
            columns={[
              'Category',
              { text: 'Lines', class: 'num' },
              { text: 'Sum', class: 'num' },
              { text: 'Still open', class: 'num' },
              { text: 'What it means', class: 'meaning' },
            ]}
          >
            {(Object.keys(CATEGORIES) as Category[]).map((name) => (
              <tr key={name}>
                <th scope="row">
                  <button type="button" class="link" aria-pressed={name === category} onClick={() => setCategory(name)}>
                    {CATEGORIES[name].name}
                  </button>
                  <span class="meaning-below">{CATEGORIES[name].meaning}</span>
                </th>
                <td class="num">{run.totals[name]?.count ?? 0}</td>
                <td class="num">{formatMoney(run.totals[name]?.sum ?? '0.00', run.currency)}</td>
                <td class="num">{run.open.byCategory[name] ?? 0}</td>
                <td class="meaning">{CATEGORIES[name].meaning}</td>
              </tr>
            ))}
          </Table>
          <h2>{CATEGORIES[category].name}</h2>
          <label class="open-only">
            <input type="checkbox" checked={openOnly} onChange={(event) => setOpenOnly(event.currentTarget.checked)} />{' '}
            Only those still open
          </label>
          {items.length === 0 ? (
            <p>No line.</p>
          ) : (
            <Table
              label={CATEGORIES[category].name}
              columns={[
                { text: 'Line', class: 'num' },
                severalAccounts(run) && 'Account',
                'Day',
                'Bank reference',
                { text: 'Amount', class: 'num' },
                'Payment',
                'Narration, and what it may be',
                'Status',
              ]}
            >
              {items.map((item) => (
                <ItemRow
                  key={item.itemKey}
                  item={item}
                  run={run}
                  canRecord={allows(role, 'finance')}
                  onRecorded={recorded}
                />
              ))}
            </Table>
          )}
        </>
      )}
    </section>
  );
}
