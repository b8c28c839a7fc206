import { AppError } from './http/errors.js';
import { parseDateOrDateTime } from './iso-date-time.js';

// Cursors are opaque to callers. Inside is a kind tag and a whole number, so a cursor of one
// listing cannot be passed to another by mistake.
export function encodeCursor(kind: string, value: number | string): string {
  return Buffer.from(`${kind}:${value}`).toString('base64url');
}

/** The row id inside a cursor. Ids stay below 10^15, well inside the numbers JavaScript holds exactly. */
export function decodeCursor(kind: string, cursor: string, field = 'cursor'): number {
  const match = new RegExp(`^${kind}:(\\d{1,15})$`).exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw new AppError('invalid_input', `${field}: is not a cursor this service gave out`);
  return Number(match[1]);
}

/** An optional ISO 8601 date or date-time from a query string. */
export function optionalDate(field: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const parsed = parseDateOrDateTime(value);
  if (!parsed) throw new AppError('invalid_input', `${field}: must be an ISO 8601 date or date-time, e.g. 2026-11-01 or 2026-11-01T00:00:00+03:00`);
  return parsed;
}

/**
 * One page of a keyset listing. `rows` was fetched with limit + 1: the extra row, if any, only
 * says there is a next page, whose cursor is the id of this page's last row.
 */
export function pageOf<T extends { id: number }>(kind: string, rows: T[], limit: number): { rows: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: rows.length > limit ? encodeCursor(kind, page.at(-1)!.id) : null };
}
