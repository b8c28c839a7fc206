import { invalidInput } from '../errors.js';

/** At most 30 days: a threshold longer than that tells nobody anything in time. */
const MAX_MINUTES = 30 * 24 * 60;

/** "30m" or "4h" as minutes; a clear refusal otherwise. */
export function readDuration(field: string, text: string): number {
  const [, amount, unit] = /^\s*(\d{1,6})\s*(m|h)\s*$/i.exec(text) ?? [];
  const minutes = Number(amount) * (unit?.toLowerCase() === 'h' ? 60 : 1);
  if (!amount || minutes < 1 || minutes > MAX_MINUTES)
    throw invalidInput(field, 'must be minutes or hours, such as 30m or 4h, from 1m to 720h');
  return minutes;
}

/** Minutes as an admin writes them: "4h" when whole hours, "90m" otherwise. */
export const durationText = (minutes: number): string => (minutes % 60 === 0 ? `${minutes / 60}h` : `${minutes}m`);

/** "08:00" as minutes of the day. */
export function readTimeOfDay(field: string, text: string): number {
  const [, hours, minutes] = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text) ?? [];
  if (hours === undefined || minutes === undefined) throw invalidInput(field, 'must be a time such as 07:00 (24-hour)');
  return Number(hours) * 60 + Number(minutes);
}

export const timeOfDayText = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
