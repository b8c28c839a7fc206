import { DateFormat } from './csv-date-format.js';

/**
 * How a bank's CSV export maps onto statement lines. A column is named by its header text or by
 * its 1-based number as a string ("3").
 */
export interface CsvStatementMapping {
  /** Default ','. */
  delimiter: ',' | ';' | '\t' | '|';
  /** Default true. When false, columns are named by number only. */
  headerRow: boolean;
  /** Lines before the header or the data (a bank's title lines); default 0. */
  skipLines: number;
  date: string;
  /** "DD/MM/YYYY", "YYYY-MM-DD", "DD-MMM-YYYY", "YYYYMMDD"...: see DateFormat. */
  dateFormat: string;
  valueDate?: string;
  reference: string;
  /** One signed amount column: negative, "-"/"DR" suffix or prefix, or in parentheses is a debit... */
  amount?: string;
  /** ...or separate credit and debit columns: exactly one of the two forms. */
  credit?: string;
  debit?: string;
  narration?: string;
  currency?: string;
  /** Default '.'. The other of '.' ',' and spaces, apostrophes and no-break spaces group thousands. */
  decimalSeparator: '.' | ',';
}

const DELIMITERS = [',', ';', '\t', '|'] as const;
const COLUMNS = ['date', 'valueDate', 'reference', 'amount', 'credit', 'debit', 'narration', 'currency'] as const;
const FIELDS = new Set<string>([...COLUMNS, 'delimiter', 'headerRow', 'skipLines', 'dateFormat', 'decimalSeparator']);
// No bank puts more title lines than this above its table; more is a mistake in the mapping.
const MAX_SKIP = 100;

/** A mapping sent as JSON, checked; every problem is named by its field, in plain English. */
export function readCsvStatementMapping(input: unknown): { mapping: CsvStatementMapping } | { problems: string[] } {
  if (input === null || typeof input !== 'object' || Array.isArray(input))
    return { problems: ['the mapping must be a JSON object'] };
  const fields = input as Record<string, unknown>;
  const problems: string[] = [];
  for (const name of Object.keys(fields)) if (!FIELDS.has(name)) problems.push(`${name}: is not a mapping field`);

  const delimiter = fields.delimiter ?? ',';
  if (!DELIMITERS.includes(delimiter as CsvStatementMapping['delimiter']))
    problems.push('delimiter: must be one of "," ";" "|" or a tab');
  const headerRow = fields.headerRow ?? true;
  if (typeof headerRow !== 'boolean') problems.push('headerRow: must be true or false');
  const skipLines = fields.skipLines ?? 0;
  if (typeof skipLines !== 'number' || !Number.isInteger(skipLines) || skipLines < 0 || skipLines > MAX_SKIP)
    problems.push(`skipLines: must be a whole number from 0 to ${MAX_SKIP}`);
  const decimalSeparator = fields.decimalSeparator ?? '.';
  if (decimalSeparator !== '.' && decimalSeparator !== ',') problems.push('decimalSeparator: must be "." or ","');

  const dateFormat = fields.dateFormat;
  if (typeof dateFormat !== 'string' || dateFormat.trim() === '')
    problems.push('dateFormat: is required, such as "DD/MM/YYYY"');
  else {
    const compiled = DateFormat.compile(dateFormat.trim());
    if (typeof compiled === 'string') problems.push(`dateFormat: ${compiled}`);
  }

  const columns: Partial<Record<(typeof COLUMNS)[number], string>> = {};
  for (const name of COLUMNS) {
    const value = fields[name];
    if (value === undefined || value === null) continue;
    const column = typeof value === 'number' && Number.isInteger(value) ? String(value) : value;
    if (typeof column !== 'string' || column.trim() === '') {
      problems.push(`${name}: must name a column by its header text or its number, such as "3"`);
      continue;
    }
    const trimmed = column.trim();
    if (/^-?\d+$/.test(trimmed) && Number(trimmed) < 1) problems.push(`${name}: column numbers start at 1`);
    else if (headerRow === false && !/^\d+$/.test(trimmed))
      problems.push(`${name}: without a header row a column is named by its number, such as "3", not "${trimmed}"`);
    else columns[name] = trimmed;
  }
  for (const name of ['date', 'reference'] as const)
    if (fields[name] === undefined || fields[name] === null) problems.push(`${name}: is required`);
  const hasAmount = fields.amount !== undefined && fields.amount !== null;
  const hasCredit = fields.credit !== undefined && fields.credit !== null;
  const hasDebit = fields.debit !== undefined && fields.debit !== null;
  if (hasAmount && (hasCredit || hasDebit))
    problems.push('amount: give either one signed amount column or separate credit and debit columns, not both');
  else if (!hasAmount && !hasCredit && !hasDebit)
    problems.push('amount: is required, or separate credit and debit columns');
  else if (hasCredit !== hasDebit)
    problems.push(`${hasCredit ? 'debit' : 'credit'}: credit and debit columns go together; give both, or amount`);
  else if (hasCredit && columns.credit !== undefined && columns.credit === columns.debit)
    problems.push('debit: must be another column than credit');

  if (problems.length > 0) return { problems };
  return {
    mapping: {
      delimiter: delimiter as CsvStatementMapping['delimiter'],
      headerRow: headerRow as boolean,
      skipLines: skipLines as number,
      date: columns.date ?? '',
      dateFormat: (dateFormat as string).trim(),
      reference: columns.reference ?? '',
      decimalSeparator: decimalSeparator as CsvStatementMapping['decimalSeparator'],
      ...(columns.valueDate !== undefined && { valueDate: columns.valueDate }),
      ...(columns.amount !== undefined && { amount: columns.amount }),
      ...(columns.credit !== undefined && { credit: columns.credit }),
      ...(columns.debit !== undefined && { debit: columns.debit }),
      ...(columns.narration !== undefined && { narration: columns.narration }),
      ...(columns.currency !== undefined && { currency: columns.currency }),
    },
  };
}
