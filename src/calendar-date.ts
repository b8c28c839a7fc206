// xs:date may carry a zone (2026-11-23+03:00); xs:dateTime goes on after a T.
const ISO_DATE_PREFIX = /^(\d{4})-(\d{2})-(\d{2})(?:$|T|Z$|[+-]\d{2}:\d{2}$)/;

/** YYYY-MM-DD when year, month and day name a day on the calendar (no 30 February), else undefined. */
export function calendarDate(year: number, month: number, day: number): string | undefined {
  if (!Number.isInteger(year) || year < 1 || year > 9999) return undefined;
  if (!Number.isInteger(month) || month < 1 || month > 12) return undefined;
  if (!Number.isInteger(day) || day < 1 || day > daysInMonth(year, month)) return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The date part of an ISO 8601 date or date-time ("2026-11-23", "2026-11-23T10:15:00+03:00"),
 * taken as written: the bank's own calendar day, not shifted to UTC.
 */
export function isoDatePart(text: string): string | undefined {
  const match = ISO_DATE_PREFIX.exec(text);
  if (!match) return undefined;
  return calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** Whole days from one YYYY-MM-DD to another. */
export function daysBetween(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** The date some days after (or, negative, before) a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
