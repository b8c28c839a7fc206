import type { CsvStatementMapping } from './csv-mapping.js';
import { StatementFileError } from './statement-line.js';

const ROLES = ['date', 'valueDate', 'reference', 'amount', 'credit', 'debit', 'narration', 'currency'] as const;
export type Role = (typeof ROLES)[number];
/** 0-based column of each role the mapping names. */
export type Columns = Partial<Record<Role, number>>;

/** The columns of a file without a header row: the mapping names each by its number. */
export function numbered(mapping: CsvStatementMapping): Columns {
  const columns: Columns = {};
  for (const role of ROLES) {
    const column = mapping[role];
    if (column !== undefined) columns[role] = Number(column) - 1;
  }
  return columns;
}

/**
 * The columns of a file with a header row: the mapping names each by its number or its header,
 * exactly or else ignoring case and spacing; a name found twice must be given by number.
 */
export function fromHeader(header: string[], mapping: CsvStatementMapping, position: string): Columns {
  const names = header.map((name) => name.trim());
  const listed = names.map((name) => `"${name}"`).join(', ');
  const columns: Columns = {};
  for (const role of ROLES) {
    const column = mapping[role];
    if (column === undefined) continue;
    if (/^\d+$/.test(column)) {
      if (Number(column) > names.length)
        throw new StatementFileError(
          position,
          `${role} is column ${column}, but the header has ${names.length} columns: ${listed}`,
        );
      columns[role] = Number(column) - 1;
      continue;
    }
    let found = indexesOf(names, (name) => name === column);
    if (found.length === 0) found = indexesOf(names, (name) => fold(name) === fold(column));
    if (found.length === 0)
      throw new StatementFileError(
        position,
        `the header has no column "${column}" for ${role}; its columns are ${listed}`,
      );
    if (found.length > 1)
      throw new StatementFileError(
        position,
        `the header names "${column}" in columns ${found.map((at) => at + 1).join(' and ')}; ` +
          `name the ${role} column by its number`,
      );
    columns[role] = found[0];
  }
  return columns;
}

function indexesOf(names: string[], matches: (name: string) => boolean): number[] {
  const found: number[] = [];
  for (const [at, name] of names.entries()) if (matches(name)) found.push(at);
  return found;
}

function fold(name: string): string {
  return name.replace(/\s+/g, ' ').trim().toLowerCase();
}
