import { TableScroll } from '../../ui/table-scroll.js';
import { Totals } from './figure.js';
import { byGroup, type ReportRow, totalsOf } from './totals.js';

/** The figures of each row, in the order of the columns: today's, then the month's. */
const COLUMNS = [
  ['today', 'accepted'],
  ['today', 'held'],
  ['month', 'accepted'],
  ['month', 'held'],
] as const;

interface BreakdownProps {
  caption: string;
  /** What a group is called in the first column's heading: "Bank", "Channel". */
  heading: string;
  rows: readonly ReportRow[];
  today: string;
  keyOf: (row: ReportRow) => string;
}

/** Today's and this month's totals per bank or per channel. */
export function Breakdown({ caption, heading, rows, today, keyOf }: BreakdownProps) {
  const groups = byGroup(rows, keyOf);
  return (
    <TableScroll label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col" class="num">
              Accepted today
            </th>
            <th scope="col" class="num">
              Held today
            </th>
            <th scope="col" class="num">
              Accepted this month
            </th>
            <th scope="col" class="num">
              Held this month
            </th>
          </tr>
        </thead>
        <tbody>
          {groups.length === 0 && (
            <tr>
              <td colSpan={5}>No payments this month.</td>
            </tr>
          )}
          {groups.map(([name, mine]) => {
            const todays = mine.filter((row) => row.date === today);
            return (
              <tr key={name}>
                <th scope="row">{name}</th>
                {COLUMNS.map(([rows, status]) => (
                  <td class="num" key={`${rows}-${status}`}>
                    <Totals totals={totalsOf(rows === 'today' ? todays : mine, status)} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
