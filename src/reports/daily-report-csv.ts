import { csvLine } from '../csv.js';
import { PAYMENT_STATUSES as STATUSES } from '../payments/payment-schemas.js';
import type { DailyReportAnswer } from './daily-report.js';
import { byClient, byPaymentType } from './daily-report-store.js';

/** The CSV's header row for a grouping: the JSON's field names, a count and a sum per status. */
export function dailyCsvFields(groupBy: DailyReportAnswer['groupBy']): string[] {
  const group = groupBy ?? undefined;
  return [
    'date',
    ...(byClient(group) ? ['clientName'] : []),
    ...(byPaymentType(group) ? ['paymentType'] : []),
    'currency',
    ...STATUSES.flatMap((status) => [`${status}Count`, `${status}Sum`]),
  ];
}

/**
 * The report as a spreadsheet reads it: what the console's table shows, a row per day (and bank,
 * and payment type) and currency, then a "Total" row per currency for the whole range. A bank is
 * named, as on the page; one without a name (none should be) by its id.
 */
export function dailyReportCsv(report: DailyReportAnswer): string[] {
  const group = report.groupBy ?? undefined;
  const figures = (row: Pick<DailyReportAnswer['totals'][number], (typeof STATUSES)[number]>) =>
    STATUSES.flatMap((status) => [String(row[status].count), row[status].sum]);
  const blanks = [...(byClient(group) ? [''] : []), ...(byPaymentType(group) ? [''] : [])];
  return [
    csvLine(dailyCsvFields(report.groupBy)),
    ...report.days.map((day) =>
      csvLine([
        day.date,
        ...(byClient(group) ? [day.clientName ?? day.clientId ?? ''] : []),
        ...(byPaymentType(group) ? [day.paymentType ?? ''] : []),
        day.currency ?? '',
        ...figures(day),
      ]),
    ),
    ...report.totals.map((total) => csvLine(['Total', ...blanks, total.currency, ...figures(total)])),
  ];
}
