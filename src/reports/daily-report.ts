import { type Static, Type } from '@sinclair/typebox';
import { addDays, calendarDate, daysBetween } from '../calendar-date.js';
import type { Clock } from '../clock.js';
import { invalidInput } from '../errors.js';
import { sumAmounts } from '../payments/amount.js';
import type { PaymentStatus } from '../payments/payment-schemas.js';
import { CsvFormat } from '../schema-parts.js';
import { localDate, startOfLocalDay } from '../time-zone.js';
import { byClient, byPaymentType, type DailyReportStore, type DailyRow, ReportGroup } from './daily-report-store.js';

interface Total {
  count: number;
  sum: string;
}

export interface DailyReportRow {
  date: string;
  clientId?: string;
  clientName?: string | null;
  paymentType?: string;
  /** null on a day without payments. */
  currency: string | null;
  accepted: Total;
  held: Total;
  returned: Total;
}

export const DEFAULT_DAYS = 31;
// Two years of days: a year over a year, with room.
export const MAX_DAYS = 731;

/** What a daily report is asked for: the admin API's query string, validated by this schema. */
export const DailyReportQuery = Type.Object({
  from: Type.Optional(Type.String({ description: 'First day, YYYY-MM-DD (default: 30 days before to)' })),
  to: Type.Optional(
    Type.String({ description: `Last day, YYYY-MM-DD, inclusive (default: today); at most ${MAX_DAYS} days` }),
  ),
  groupBy: Type.Optional(ReportGroup),
  format: CsvFormat('the same rows and totals as a spreadsheet reads them'),
});
export type DailyReportQuery = Static<typeof DailyReportQuery>;

function readDate(field: string, text: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const date = match && calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  if (!date) throw invalidInput(field, 'must be a date such as 2026-11-23');
  return date;
}

const zero = (): Total => ({ count: 0, sum: '0.00' });
const emptyRow = (date: string, currency: string | null): DailyReportRow => ({
  date,
  currency,
  accepted: zero(),
  held: zero(),
  returned: zero(),
});

/**
 * Count and exact sum per day of accepted, held and returned payments, days being those of the
 * organisation's zone, by the date the bank says each payment was made. Both ends are days,
 * inclusive. Without a grouping, every day of the range has a row, a day without payments too.
 */
export function createDailyReport({
  dailyReportStore,
  clock,
  timeZone,
}: {
  dailyReportStore: DailyReportStore;
  clock: Clock;
  timeZone: string;
}) {
  return {
    async report(query: DailyReportQuery) {
      const to = query.to === undefined ? localDate(clock.now(), timeZone) : readDate('to', query.to);
      const from = query.from === undefined ? addDays(to, 1 - DEFAULT_DAYS) : readDate('from', query.from);
      if (from > to) throw invalidInput('from', `must not be after to (${to})`);
      if (daysBetween(from, to) >= MAX_DAYS) throw invalidInput('to', `the range may be at most ${MAX_DAYS} days`);
      const rows = await dailyReportStore.totals({
        from: startOfLocalDay(from, timeZone),
        toExclusive: startOfLocalDay(addDays(to, 1), timeZone),
        timeZone,
        groupBy: query.groupBy,
      });
      const report = new Map<string, DailyReportRow>();
      for (const row of rows) {
        const key = `${row.date}|${row.client_id}|${row.payment_type}|${row.currency}`;
        let entry = report.get(key);
        if (!entry) {
          entry = { ...emptyRow(row.date, row.currency), ...groupFields(query.groupBy, row) };
          report.set(key, entry);
        }
        entry[row.status] = { count: row.count, sum: row.sum };
      }
      const days = [...report.values()];
      if (query.groupBy === undefined) {
        const seen = new Set(days.map((row) => row.date));
        for (let date = from; date <= to; date = addDays(date, 1)) if (!seen.has(date)) days.push(emptyRow(date, null));
        days.sort((a, b) => a.date.localeCompare(b.date) || (a.currency ?? '').localeCompare(b.currency ?? ''));
      }
      return { from, to, timeZone, groupBy: query.groupBy ?? null, days, totals: totalsOf(rows) };
    },
  };
}

function groupFields(groupBy: ReportGroup | undefined, row: DailyRow): Partial<DailyReportRow> {
  return {
    ...(byClient(groupBy) ? { clientId: row.client_id ?? '', clientName: row.client_name } : {}),
    ...(byPaymentType(groupBy) ? { paymentType: row.payment_type ?? '' } : {}),
  };
}

/** The whole range per currency. */
function totalsOf(rows: readonly DailyRow[]) {
  const currencies = [...new Set(rows.map((row) => row.currency))].sort();
  return currencies.map((currency) => {
    const mine = rows.filter((row) => row.currency === currency);
    const total = (status: PaymentStatus) => {
      const of = mine.filter((row) => row.status === status);
      return { count: of.reduce((n, row) => n + row.count, 0), sum: sumAmounts(of.map((row) => row.sum)) };
    };
    return { currency, accepted: total('accepted'), held: total('held'), returned: total('returned') };
  });
}

export type DailyReport = ReturnType<typeof createDailyReport>;
export type DailyReportAnswer = Awaited<ReturnType<DailyReport['report']>>;
