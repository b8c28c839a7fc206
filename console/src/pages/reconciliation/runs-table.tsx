import { longDate } from '../../time.js';
import { Table } from '../../ui/table.js';
import { When } from '../../ui/when.js';
import { Cell } from './phone-cell.js';
import type { Run } from './words.js';

/** "1 Nov 2026 to 30 Nov 2026", each day kept whole on a narrow screen. */
function Days({ period }: { period: Run['period'] }) {
  if (!period) return <>empty statement</>;
  return (
    <>
      <span class="day">{longDate(period.from)}</span> to <span class="day">{longDate(period.to)}</span>
    </>
  );
}

/** The statements reconciled, each linked to its lines; a card each on a phone. */
export function RunsTable({ runs }: { runs: Run[] }) {
  return (
    <Table
      label="Statements reconciled"
      class="runs phone-cards"
      columns={[
        'Bank',
        'Days',
        { text: 'Lines', class: 'num' },
        { text: 'Not notified', class: 'num' },
        { text: 'Still open', class: 'num' },
        'Reconciled',
      ]}
    >
      {runs.map((run) => (
        <tr key={run.reconciliationId}>
          <Cell label="Bank">
            <a href={`/console/reconciliation/${run.reconciliationId}`}>{run.clientName}</a>
          </Cell>
          <Cell label="Days">
            <Days period={run.period} />
          </Cell>
          <Cell class="num" label="Lines">
            {run.lines}
          </Cell>
          <Cell class="num" label="Not notified">
            {run.totals.missing_notification?.count ?? 0}
          </Cell>
          <Cell class="num" label="Still open">
            {run.open.count}
          </Cell>
          <Cell label="Reconciled">
            <When at={run.createdAt} /> by {run.createdBy}
          </Cell>
        </tr>
      ))}
    </Table>
  );
}
