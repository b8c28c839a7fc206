/**
 * How one item of a run is named in a URL and in the dealt-with marks: a line by its number on the
 * statement ("line-14"), a payment not on the statement by its paymentId ("payment-123"), since it
 * has no line.
 */
export type ItemKey = { part: 'lines'; lineNo: number } | { part: 'not_on_statement'; paymentId: number };

const KEY = /^(line|payment)-([1-9][0-9]{0,14})$/;

export function itemKeyOf(row: { line_no: number | null; payment_id: number | null }): string {
  return row.line_no !== null ? `line-${row.line_no}` : `payment-${row.payment_id}`;
}

// Line numbers are stored as 32-bit integers: a larger one names no line, and must not reach the database.
export const MAX_LINE = 2_147_483_647;

/** The key's part and number, or undefined when it is no key this service gives out. */
export function parseItemKey(key: string): ItemKey | undefined {
  const match = KEY.exec(key);
  if (!match) return undefined;
  const number = Number(match[2]);
  if (match[1] === 'line' && number > MAX_LINE) return undefined;
  return match[1] === 'line' ? { part: 'lines', lineNo: number } : { part: 'not_on_statement', paymentId: number };
}
