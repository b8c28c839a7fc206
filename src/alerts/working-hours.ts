import { addDays } from '../calendar-date.js';
import { fromLocalWallClock, localDate } from '../time-zone.js';

/** The hours a bank works, in which its silence counts: days 1 (Monday) to 7, from and until minutes of the day. */
export interface WorkingHours {
  days: readonly number[];
  from: number;
  until: number;
}

export const DEFAULT_WORKING_HOURS: WorkingHours = { days: [1, 2, 3, 4, 5], from: 8 * 60, until: 17 * 60 };

const MINUTE = 60_000;

/** ISO weekday of a YYYY-MM-DD date: 1 Monday … 7 Sunday. */
const weekdayOf = (date: string): number => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
};

/** The instant a local date's minute of the day is, in the zone. */
const at = (date: string, minutes: number, timeZone: string): number =>
  fromLocalWallClock(Date.parse(`${date}T00:00:00Z`) + minutes * MINUTE, timeZone).getTime();

/**
 * Milliseconds of working time between two instants: only the hours of the bank's working days
 * count, so a bank silent from Friday 16:00 has been silent 1 h on Friday and counts on from
 * Monday 08:00. Days are those of the organisation's zone, daylight-saving changes included.
 */
export function workingMsBetween(since: Date, until: Date, hours: WorkingHours, timeZone: string): number {
  if (until <= since || hours.until <= hours.from) return 0;
  let total = 0;
  const last = localDate(until, timeZone);
  // A year of days at most: a bank silent longer than that is silent whatever the threshold.
  for (let date = localDate(since, timeZone), n = 0; date <= last && n < 366; date = addDays(date, 1), n++) {
    if (!hours.days.includes(weekdayOf(date))) continue;
    const start = Math.max(at(date, hours.from, timeZone), since.getTime());
    const end = Math.min(at(date, hours.until, timeZone), until.getTime());
    if (end > start) total += end - start;
  }
  return total;
}
