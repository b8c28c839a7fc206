/**
 * A cell that a spreadsheet would read as a formula (OWASP's "CSV injection": a value starting with
 * = + - @, a tab or a carriage return) is prefixed with a single quote, so a bank reference or a
 * payer's name can never run as a formula in the finance office's spreadsheet. Such a cell is also
 * quoted, as RFC 4180 quotes any cell with a comma, a quote or a line break, doubling quotes inside.
 */
export function csvCell(value: string): string {
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n\t]|^'/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record with its CRLF line end. */
export const csvLine = (values: readonly string[]) => `${values.map(csvCell).join(',')}\r\n`;
