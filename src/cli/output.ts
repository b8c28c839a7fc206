/** Human output: aligned tables and key/value blocks. `--json` bypasses all of this. */

// Values come partly from banks (names, narrations); a control character could move the cursor or
// recolour the terminal, and a newline would break the table.
const CONTROL = /\p{Cc}/gu;

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
  /** Longer values are cut with an ellipsis, so the table fits a 100-column terminal. */
  max?: number;
}

const cut = (text: string, max: number | undefined) =>
  max === undefined || text.length <= max ? text : `${text.slice(0, max - 1)}…`;

/** Columns taken straight from fields of the same name. */
export function fields<T>(...names: (keyof T & string)[]): Column<T>[] {
  return names.map((name) => ({ header: name, value: (row: T) => row[name] }));
}

export function table<T>(rows: readonly T[], columns: Column<T>[]): string {
  const cells = rows.map((row) => columns.map((column) => cut(cell(column.value(row)), column.max)));
  const widths = columns.map((column, i) =>
    Math.max(column.header.length, ...cells.map((line) => line[i]?.length ?? 0)),
  );
  const line = (values: string[]) =>
    values
      .map((value, i) => (columns[i]?.right ? value.padStart(widths[i] ?? 0) : value.padEnd(widths[i] ?? 0)))
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

/** An exact decimal string with thousands separators ("1500.50" → "1,500.50"), never through a float. */
export function money(amount: string | null | undefined): string {
  if (amount === null || amount === undefined) return '-';
  const [whole = '', fraction] = amount.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
