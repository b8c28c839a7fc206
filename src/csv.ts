// CR, LF and the other characters that end a line: VT, FF, NEL (U+0085), LS (U+2028), PS (U+2029).
const LINE_BREAK = /\r\n|[\n\v\f\r\u0085\u2028\u2029]/g;

/**
 * A cell as the finance office's spreadsheet should read it. A line break (a bank's narration
 * may carry one) becomes a space: a cell never spans lines, so a program that reads the file a
 * line at a time, or a person scrolling it, cannot take the rest of a narration for another
 * record. A cell that a spreadsheet would read as a formula (OWASP's "CSV injection": a value
 * starting with = + - @, a tab or a carriage return) is prefixed with a single quote, so a bank
 * reference or a payer's name can never run as a formula. Such a cell is also quoted, as RFC 4180
 * quotes any cell with a comma, a quote or a tab, doubling quotes inside.
 */
export function csvCell(value: string): string {
  // Judged on the value as sent, so "\r=1+2" is still neutralised once its CR is a space.
  // A negative number alone ("-50.00", a difference) is no formula: the spreadsheet reads it as the number.
  const neutral = /^[=+\-@\t\r]/.test(value) && !/^-[0-9]+(\.[0-9]+)?$/.test(value) ? `'${value}` : value;
  const text = neutral.replace(LINE_BREAK, ' ');
  return /[",\t]|^'/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record with its CRLF line end. */
export const csvLine = (values: readonly string[]) => `${values.map(csvCell).join(',')}\r\n`;

/**
 * A list as CSV, read a batch at a time by its keyset (each batch goes on from the last row's id, in
 * the list's order), so a million rows never sit in memory; a batch is one chunk, as a million small writes would cost
 * more than the lines themselves.
 */
export async function* csvInBatches<Row extends { id: number }>(
  header: string,
  batch: number,
  read: (fromId: number | undefined, limit: number) => Promise<Row[]>,
  line: (row: Row) => string,
): AsyncIterable<string> {
  yield header;
  for (let fromId: number | undefined; ; ) {
    const rows = await read(fromId, batch);
    if (rows.length > 0) yield rows.map(line).join('');
    const last = rows.at(-1);
    if (rows.length < batch || !last) return;
    fromId = last.id;
  }
}
