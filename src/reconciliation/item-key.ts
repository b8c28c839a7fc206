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

/** The key's part and number, or undefined when it is no key this service gives out. */
export function parseItemKey(key: string): ItemKey | undefined {
  const match = KEY.exec(key);
  if (!match) return undefined;
  const number = Number(match[2]);
  return match[1] === 'line' ? { part: 'lines', lineNo: number } : { part: 'not_on_statement', paymentId: number };
}
