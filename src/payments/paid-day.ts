import { addDays } from '../calendar-date.js';
import { invalidInput } from '../errors.js';
import { optionalDate } from '../paging.js';
import { startOfLocalDay } from '../time-zone.js';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const LAST_DAY = '9999-12-31';

/** What a person asked for: the first and last day (or exact instants) of the payments wanted. */
interface DayRange {
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The instants a from/to pair of the payments' day filters covers, on the day each payment was
 * paid (its transactionDate), the one calendar of the dashboard, the daily totals, the payments
 * search and the export by date. A date is that whole day in the organisation's zone, both ends
 * included, as in the daily totals; a date-time is an exact instant, `to` excluded, as before.
 */
export function paidWindow(range: DayRange, timeZone: string): { from?: Date; to?: Date } {
  const from = optionalDate('from', range.from, timeZone);
  const toText = range.to?.trim();
  let to = optionalDate('to', toText, timeZone);
  // The calendar's last day has no next day to stop before: it bounds nothing.
  if (toText !== undefined && DATE.test(toText)) {
    to = toText === LAST_DAY ? undefined : startOfLocalDay(addDays(toText, 1), timeZone);
  }
  // A date `to` may be from's own day; an instant `to` must come after from.
  if (from && to && from >= to) {
    throw invalidInput(
      'to',
      toText !== undefined && DATE.test(toText) ? 'must not be before from' : 'must be after from',
    );
  }
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}
