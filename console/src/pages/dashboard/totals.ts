import type { paths } from '../../api-types.js';
import { addDecimals } from '../../decimal.js';

export type Report = paths['/admin/v1/reports/daily']['get']['responses'][200]['content']['application/json'];
export type ReportRow = Report['days'][number];
export type Status = 'accepted' | 'held';

export interface Total {
  currency: string;
  count: number;
  sum: string;
}

/** Count and exact sum per currency: amounts of different currencies are never added together. */
export function totalsOf(rows: readonly ReportRow[], status: Status): Total[] {
  const currencies = [...new Set(rows.flatMap((row) => (row.currency && row[status].count ? [row.currency] : [])))];
  return currencies.sort().map((currency) => {
    const mine = rows.filter((row) => row.currency === currency);
    return {
      currency,
      count: mine.reduce((n, row) => n + row[status].count, 0),
      sum: addDecimals(mine.map((row) => row[status].sum)),
    };
  });
}

/** The rows of each group (a bank, a channel), in the order of their names. */
export function byGroup(rows: readonly ReportRow[], keyOf: (row: ReportRow) => string) {
  const groups = new Map<string, ReportRow[]>();
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row]);
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}
