/** The days a reconciliation covers, and the instants its payments are looked for between. */
import { addDays, isoDatePart } from '../calendar-date.js';
import { invalidInput } from '../errors.js';
import { fromLocalWallClock, startOfLocalDay } from '../time-zone.js';

export interface Period {
  /** YYYY-MM-DD, inclusive */
  from: string;
  /** YYYY-MM-DD, inclusive */
  to: string;
}

/**
 * A payment made from this hour (local) of a statement's last day and not on it is "may be on
 * the next statement": banks close a day's statement in the evening, and what is paid later is
 * often booked the next day. Earlier in the day, missing from the statement is a real question.
 */
const LATE_HOUR = 18;

// A period given on upload lists every unmatched payment within it as not on the statement: a
// slip of the year (0026 for 2026, 9999) would list years of them. A year's statement is the longest.
const FIRST_DAY = '1970-01-01';
const MAX_GIVEN_DAYS = 366;

/** The period finance gave on upload: both days or neither, each a real day, not backwards. */
export function readGivenPeriod(from: string | undefined, to: string | undefined): Period | undefined {
  if (from === undefined && to === undefined) return undefined;
  if (from === undefined || to === undefined)
    throw invalidInput(from === undefined ? 'from' : 'to', 'give both from and to, or neither');
  for (const [field, day] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || isoDatePart(day) !== day)
      throw invalidInput(field, 'must be a day, YYYY-MM-DD');
  }
  if (from < FIRST_DAY) throw invalidInput('from', `must be ${FIRST_DAY} or later`);
  if (to < from)
    throw invalidInput('to', `the period runs backwards, from ${from} to ${to}: to must not be before from`);
  if (addDays(from, MAX_GIVEN_DAYS - 1) < to)
    throw invalidInput('to', `a statement's period is at most ${MAX_GIVEN_DAYS} days: ${from} to ${to} is longer`);
  return { from, to };
}

/** From the first day to the last of any of the periods; null when none. */
export function spanOf(periods: readonly (Period | null)[]): Period | null {
  const known = periods.filter((period): period is Period => period !== null);
  if (known.length === 0) return null;
  return {
    from: known.map((p) => p.from).sort()[0] as string,
    to: known.map((p) => p.to).sort()[known.length - 1] as string,
  };
}

/** Where an account's payments are looked for: the period's days, and the late hours at its end. */
export interface PaymentWindow {
  /** The account part of the file (1 = its first) whose payments these are. */
  part: number;
  currency: string | null;
  from: Date;
  lateFrom: Date;
  toExclusive: Date;
}

const lateHourOf = (day: string, timeZone: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return fromLocalWallClock(Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1, LATE_HOUR), timeZone);
};

export function windowOf(part: number, period: Period, currency: string | null, timeZone: string): PaymentWindow {
  return {
    part,
    currency,
    from: startOfLocalDay(period.from, timeZone),
    lateFrom: lateHourOf(period.to, timeZone),
    toExclusive: startOfLocalDay(addDays(period.to, 1), timeZone),
  };
}
