import { invalidInput } from './errors.js';
import { parseDateOrDateTime } from './iso-date-time.js';

/**
 * Where the next page of a listing starts: the id of the last row shown. Opaque to callers; inside
 * is a kind tag and the id, so a cursor of one listing cannot be passed to another by mistake.
 */
export const pageCursor = {
  encode: (kind: string, id: number) => Buffer.from(`${kind}:${id}`).toString('base64url'),

  /** The row id inside a cursor. Ids stay below 10^15, well inside the numbers JavaScript holds exactly. */
  decode(kind: string, cursor: string): number {
    return pageCursor.decodeOneOf([kind], cursor).id;
  },

  /** For a listing in parts: which part the cursor is in, and the id within it. */
  decodeOneOf<K extends string>(kinds: readonly K[], cursor: string): { kind: K; id: number } {
    const match = /^([a-z]+):(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
    const kind = kinds.find((k) => k === match?.[1]);
    if (!match || kind === undefined) throw invalidInput.unknownCursor();
    return { kind, id: Number(match[2]) };
  },
};

/** An optional ISO 8601 date or date-time from a query string; a date is local midnight in the zone. */
export function optionalDate(field: string, value: string | undefined, timeZone: string): Date | undefined {
  if (value === undefined) return undefined;
  const parsed = parseDateOrDateTime(value, timeZone);
  if (!parsed)
    throw invalidInput(field, 'must be an ISO 8601 date or date-time, e.g. 2026-11-01 or 2026-11-01T00:00:00+03:00');
  return parsed;
}

/**
 * One page of a keyset listing. `rows` was fetched with limit + 1: the extra row, if any, only
 * says there is a next page, whose cursor is the id of this page's last row.
 */
export function pageOf<T extends { id: number }>(
  kind: string,
  rows: T[],
  limit: number,
): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? pageCursor.encode(kind, last.id) : null };
}
