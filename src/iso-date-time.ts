import { fromLocalWallClock } from './time-zone.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * A query-string bound: an ISO 8601 date or date-time, with the same checks. A date means local
 * midnight in the organisation's zone, and a date-time without an offset is its local time too.
 */
export function parseDateOrDateTime(input: string, timeZone: string): Date | undefined {
  return parseIsoDateTime(ISO_DATE.test(input.trim()) ? `${input.trim()}T00:00:00` : input, timeZone);
}

/**
 * An ISO 8601 date-time. A time without an offset is read in the zone given (a bank's
 * transactionDate: UTC, as docs/BANK-API.md says), and a date that does not exist on the calendar
 * (30 February) is refused rather than rolled over.
 */
export function parseIsoDateTime(input: string, timeZone = 'UTC'): Date | undefined {
  const match = ISO_DATE_TIME.exec(input.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s = '0', fraction = '', zone] = match;
  const year = Number(y),
    month = Number(mo),
    day = Number(d),
    hour = Number(h),
    minute = Number(mi),
    second = Number(s);
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, Number(fraction.padEnd(3, '0').slice(0, 3)));
  const check = new Date(utc);
  if (
    year < 1970 ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return undefined;
  }
  if (zone === undefined) {
    const local = fromLocalWallClock(utc, timeZone);
    return local.getUTCFullYear() <= 9999 ? local : undefined;
  }
  let offsetMinutes = 0;
  if (zone.toUpperCase() !== 'Z') {
    const [, sign, oh, om = '0'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone) ?? [];
    if (Number(oh) > 23 || Number(om) > 59) return undefined;
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  }
  const date = new Date(utc - offsetMinutes * 60_000);
  return date.getUTCFullYear() <= 9999 ? date : undefined;
}
