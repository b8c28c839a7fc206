import { formatMoney } from '../../decimal.js';
import { longDate, shortDate } from '../../time.js';
import { Table } from '../../ui/table.js';
import { STATUS_WORDS } from '../payments/words.js';
import type { Report } from './daily.js';

type Figures = Omit<Report['totals'][number], 'currency'>;
// In the API's order: accepted, held, returned.
const STATUSES = Object.keys(STATUS_WORDS) as (keyof typeof STATUS_WORDS)[];

/** A count and its sum, a cell each; a nought is shown faint, so the figures that are there stand out. */
function Cells({ row, currency }: { row: Figures; currency: string | null }) {
  return (
    <>
      {STATUSES.map((status) => {
        const zero = row[status].count === 0 ? ' zero' : '';
        return [
          <td key={`${status}-count`} class={`num${zero}`}>
            {row[status].count.toLocaleString('en-GB')}
          </td>,
          <td key={`${status}-sum`} class={`num${zero}`}>
            {formatMoney(row[status].sum, currency)}
          </td>,
        ];
      })}
    </>
  );
}

/**
 * The report as the CSV has it: a row per day, bank, channel and currency, then the range's total
 * per currency. Each sum carries its currency, so no two currencies are ever read as one.
 */
export function DailyTable({ report }: { report: Report }) {
  return (
    <Table
      label="Daily totals per bank and channel"
      class="daily-table compact"
      columns={[
        'Day',
        'Bank',
        'Channel',
        { text: 'Accepted', class: 'num' },
        { text: 'Amount accepted', class: 'num' },
        { text: 'Held', class: 'num' },
        { text: 'Amount held', class: 'num' },
        { text: 'Returned', class: 'num' },
        { text: 'Amount returned', class: 'num' },
      ]}
    >
      {report.days.map((day) => (
        <tr key={`${day.date}-${day.clientId}-${day.paymentType}-${day.currency}`}>
          <td>{longDate(day.date)}</td>
          <td>{day.clientName ?? day.clientId}</td>
          <td>{day.paymentType}</td>
          <Cells row={day} currency={day.currency} />
        </tr>
      ))}
      {report.totals.map((total) => (
        <tr key={`total-${total.currency}`} class="total">
          <th scope="row" colSpan={3}>
            Total {total.currency}, {shortDate(report.from)} to {shortDate(report.to)}
          </th>
          <Cells row={total} currency={total.currency} />
        </tr>
      ))}
    </Table>
  );
}
