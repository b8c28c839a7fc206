/** Dates and times as the organisation reads them: in BIS_TIME_ZONE, whatever the browser's zone. */

let offsetMs = 0;

/** The service's clock, told at sign-in: "today" and "how long ago" follow it, not the computer's own clock. */
export const setServiceClock = (serviceNow: string) => {
  offsetMs = Date.parse(serviceNow) - Date.now();
};

export const now = () => new Date(Date.now() + offsetMs);

export function dayIn(timeZone: string, at: Date = now()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The day `days` before a YYYY-MM-DD day. */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "25 Nov": day first, as Nairobi and London read it, never "11/25". */
export const shortDate = (day: string) => DAY_MONTH.format(new Date(`${day}T00:00:00Z`));

export const longDate = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** "24 Nov 2026, 14:05": a moment in the organisation's zone. */
export const dateTime = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

/** "3 days", "5 hours", "12 minutes": how long ago, for a person. */
export function age(iso: string, at: Date = now()): string {
  const minutes = Math.max(0, Math.floor((at.getTime() - Date.parse(iso)) / 60_000));
  if (minutes === 0) return 'less than a minute';
  const [n, unit] =
    minutes >= 2880
      ? [Math.floor(minutes / 1440), 'day']
      : minutes >= 120
        ? [Math.floor(minutes / 60), 'hour']
        : [minutes, 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
