/** Human output: aligned tables and key/value blocks. `--json` bypasses all of this. */

// Values come partly from banks (names, narrations); a control character could move the cursor or
// recolour the terminal, and a newline would break the table.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

export function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return text.replace(CONTROL, ' ');
}

export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
  /** Numbers read better aligned on the right. */
  right?: boolean;
}

/** Columns taken straight from fields of the same name. */
export function fields<T>(...names: (keyof T & string)[]): Column<T>[] {
  return names.map((name) => ({ header: name, value: (row: T) => row[name] }));
}

export function table<T>(rows: readonly T[], columns: Column<T>[]): string {
  const cells = rows.map((row) => columns.map((column) => cell(column.value(row))));
  const widths = columns.map((column, i) => Math.max(column.header.length, ...cells.map((line) => line[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((value, i) => (columns[i]!.right ? value.padStart(widths[i]!) : value.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [line(columns.map((column) => column.header)), ...cells.map(line)];
  if (rows.length === 0) out.push('(none)');
  return `${out.join('\n')}\n`;
}

export function details(pairs: [string, unknown][]): string {
  const width = Math.max(...pairs.map(([key]) => key.length));
  return pairs.map(([key, value]) => `${key.padEnd(width)}  ${cell(value)}\n`).join('');
}

export function print(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

export function printJson(value: unknown): void {
  print(JSON.stringify(value, null, 2));
}

export function note(text: string): void {
  process.stderr.write(`${text}\n`);
}
