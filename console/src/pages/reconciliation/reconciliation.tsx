import { useEffect, useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { api, messageOf } from '../../api.js';
import { formatMoney } from '../../decimal.js';
import { allows, useSession } from '../../session.js';
import { Problem } from '../../ui/problem.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { When } from '../../ui/when.js';
import { ItemRow } from './item-row.js';
import { RunAccounts } from './run-accounts.js';
import { CATEGORIES, type Category, type Item, type Run, severalAccounts } from './words.js';
import './reconciliation.css';

/** One statement's reconciliation: its categories with exact sums, and the lines of one category. */
export function ReconciliationPage() {
  const { params } = useRoute();
  const reconciliationId = Number(params.id);
  const { role } = useSession();
  const [run, setRun] = useState<Run | undefined>(undefined);
  const [category, setCategory] = useState<Category>('missing_notification');
  const [openOnly, setOpenOnly] = useState(false);
  const [items, setItems] = useState<Item[]>([]);
  const [problem, setProblem] = useState('');
  const [said, setSaid] = useState('');
  const [round, setRound] = useState(0);
  useEffect(() => {
    void api
      .GET('/admin/v1/reconciliations/{reconciliationId}', {
        params: { path: { reconciliationId }, query: { category, limit: 1000, ...(openOnly ? { open: true } : {}) } },
      })
      .then(({ data, error }) => {
        if (error) return setProblem(messageOf(error));
        const { items: lines, nextCursor: _, ...rest } = data;
        setRun(rest);
        setItems(lines);
      });
  }, [reconciliationId, category, openOnly, round]);
  const recorded = (what: string) => {
    setSaid(what);
    setRound((n) => n + 1);
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
      <Problem text={problem} />
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
          <TableScroll label="Categories">
            <table class="categories">
              <thead>
                <tr>
                  <th scope="col">Category</th>
                  <th scope="col" class="num">
                    Lines
                  </th>
                  <th scope="col" class="num">
                    Sum
                  </th>
                  <th scope="col" class="num">
                    Still open
                  </th>
                  <th scope="col" class="meaning">
                    What it means
                  </th>
                </tr>
              </thead>
              <tbody>
                {(Object.keys(CATEGORIES) as Category[]).map((name) => (
                  <tr key={name}>
                    <th scope="row">
                      <button
                        type="button"
                        class="link"
                        aria-pressed={name === category}
                        onClick={() => setCategory(name)}
                      >
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
              </tbody>
            </table>
          </TableScroll>
          <h2>{CATEGORIES[category].name}</h2>
          <label class="open-only">
            <input type="checkbox" checked={openOnly} onChange={(event) => setOpenOnly(event.currentTarget.checked)} />{' '}
            Only those still open
          </label>
          {items.length === 0 ? (
            <p>No line.</p>
          ) : (
            <TableScroll label={CATEGORIES[category].name}>
              <table>
                <thead>
                  <tr>
                    <th scope="col" class="num">
                      Line
                    </th>
                    {severalAccounts(run) && <th scope="col">Account</th>}
                    <th scope="col">Day</th>
                    <th scope="col">Bank reference</th>
                    <th scope="col" class="num">
                      Amount
                    </th>
                    <th scope="col">Payment</th>
                    <th scope="col">Narration, and what it may be</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <ItemRow
                      key={item.itemKey}
                      item={item}
                      run={run}
                      canRecord={allows(role, 'finance')}
                      onRecorded={recorded}
                    />
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </>
      )}
    </section>
  );
}
