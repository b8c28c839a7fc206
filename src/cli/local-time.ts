import { localDateTime } from '../time-zone.js';
import type { AdminClient } from './admin-client.js';
import type { Answer } from './api-types.js';

/**
 * The organisation's zone (BIS_TIME_ZONE), as the service says: tables show times in it, whatever
 * the zone of the computer bis runs on.
 */
export async function serviceTimeZone(api: AdminClient): Promise<string> {
  const { body } = await api.call<Answer<'/session', 'get'>>('GET', '/session');
  return body.timeZone ?? 'UTC';
}

/** "2026-11-23 14:05" in the zone; "-" for none. */
export const localTime = (iso: string | null | undefined, timeZone: string) =>
  iso ? localDateTime(new Date(iso), timeZone) : '-';

/** How long ago, in the largest whole unit: "45 min", "5 h", "3 d". */
export function age(iso: string, now: Date = new Date()): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / (24 * 60))} d`;
}
