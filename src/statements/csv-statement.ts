import { Readable } from 'node:stream';
import { CsvError, type Info, parse } from 'csv-parse';
import { readCsvAmount } from './csv-amount.js';
import { type Columns, fromHeader, numbered, type Role } from './csv-columns.js';
import { DateFormat } from './csv-date-format.js';
import type { CsvStatementMapping } from './csv-mapping.js';
import { isCurrencyCode } from './currency-code.js';
import { counted, STATEMENT_LIMITS } from './statement-limits.js';
import { type CreditDebit, type ParsedStatement, StatementFileError, type StatementLine } from './statement-line.js';
import { SummaryTally } from './statement-summary.js';
import { candidateReferences, foldWhitespace } from './statement-text.js';

// No statement row is this long; an unclosed quote would otherwise gather the rest of the file into one field.
const MAX_RECORD = STATEMENT_LIMITS.csvRow;
const MAX_CELL = STATEMENT_LIMITS.csvCell;

/**
 * A bank's CSV export, read as it arrives with the columns the mapping names. Blank rows, and
 * footer rows ("Total", "Closing balance") that have neither a date nor a reference, are passed
 * over; any other row that cannot be read refuses the file, naming its line.
 */
export function parseCsvStatement(body: Readable, mapping: CsvStatementMapping): ParsedStatement {
  const format = DateFormat.compile(mapping.dateFormat);
  if (typeof format === 'string') throw new Error(`dateFormat: ${format}; check mappings with readCsvStatementMapping`);
  const tally = new SummaryTally();
  return { lines: csvLines(body, mapping, format, tally), summary: () => tally.summary() };
}

async function* csvLines(
  body: Readable,
  mapping: CsvStatementMapping,
  format: DateFormat,
  tally: SummaryTally,
): AsyncGenerator<StatementLine> {
  const skip = mapping.skipLines;
  // csv-parse tells where a record ends; it starts one past the end of the one before, after any
  // blank lines. A CRLF inside a quoted field it counts as two lines, so those are taken off again.
  let previousEnd = 0;
  let previousBlank = 0;
  let overcount = 0;
  // The start line of each record parsed and not yet read, in order.
  const starts: number[] = [];
  const source = skip > 0 ? Readable.from(afterLines(body, skip)) : body;
  const parser = source.pipe(
    parse({
      bom: true,
      delimiter: mapping.delimiter,
      max_record_size: MAX_RECORD,
      relax_column_count: true,
      // Bank narrations carry stray quotes (JOHN "JJ" DOE); only a field that starts with one is quoted.
      relax_quotes: true,
      skip_empty_lines: true,
      // Called as each record is parsed, ahead of the reading: the count is right even when an
      // error cuts the stream short with records still buffered.
      on_record: (cells: string[], info: Info) => {
        starts.push(skip + previousEnd + 1 + (info.empty_lines - previousBlank));
        for (const cell of cells) if (cell.includes('\r\n')) overcount += cell.split('\r\n').length - 1;
        previousEnd = info.lines - overcount;
        previousBlank = info.empty_lines;
        return cells;
      },
    }),
  );
  source.on('error', (error) => parser.destroy(error));
  let columns: Columns | undefined = mapping.headerRow ? undefined : numbered(mapping);
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      const position = `line ${starts.shift()}`;
      const long = record.findIndex((cell) => cell.length > MAX_CELL);
      if (long >= 0)
        throw new StatementFileError(position, `column ${long + 1} is longer than ${counted(MAX_CELL)} characters`);
      if (columns === undefined) {
        columns = fromHeader(record, mapping, position);
        continue;
      }
      const line = readRow(record, columns, mapping, format, position);
      if (line !== undefined) yield { ...line, index: tally.count(line) };
    }
  } catch (error) {
    if (error instanceof CsvError)
      throw new StatementFileError(
        `line ${skip + previousEnd + 1}`,
        `not readable as CSV from this line on: ${error.message}`,
      );
    throw error;
  } finally {
    // A refused file is read no further: its stream is closed rather than left paused and open.
    source.destroy();
    body.destroy();
  }
  if (columns === undefined)
    throw new StatementFileError(`line ${skip + 1}`, 'the file has no header row: it is empty after the lines skipped');
  tally.finish();
}

/** The bytes after the first `count` lines: a bank's title lines are not CSV and may hold stray quotes. */
async function* afterLines(body: Readable, count: number): AsyncGenerator<Buffer> {
  let left = count;
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    while (left > 0) {
      const end = bytes.indexOf(0x0a);
      if (end < 0) break;
      bytes = bytes.subarray(end + 1);
      left -= 1;
    }
    if (left === 0 && bytes.length > 0) yield bytes;
  }
}

function readRow(
  record: string[],
  columns: Columns,
  mapping: CsvStatementMapping,
  format: DateFormat,
  position: string,
): Omit<StatementLine, 'index'> | undefined {
  const cell = (role: Role) => {
    const at = columns[role];
    return at === undefined ? '' : (record[at] ?? '').trim();
  };
  const dateCell = cell('date');
  const reference = cell('reference');
  const amountCells = [cell('amount'), cell('credit'), cell('debit')];
  if (dateCell === '' && reference === '' && amountCells.every((text) => text === '')) return undefined;
  if (format.read(dateCell) === undefined && reference === '') return undefined;

  const fail = (reason: string) => new StatementFileError(position, reason);
  const date = (text: string, label: string): string => {
    const read = format.read(text);
    if (read === undefined)
      throw fail(
        text === '' ? `the ${label} is empty` : `${label} "${text}" is not in the format ${mapping.dateFormat}`,
      );
    if (read === null) throw fail(`${label} "${text}" is not a real date`);
    return read;
  };
  const booking = date(dateCell, 'date');
  const valueCell = cell('valueDate');
  const value = valueCell === '' ? null : date(valueCell, 'value date');

  const { amount, creditDebit } =
    columns.amount !== undefined ? signedAmount(cell('amount'), mapping, fail) : splitAmount(cell, mapping, fail);

  let currency: string | null = null;
  const currencyCell = cell('currency');
  if (currencyCell !== '') {
    currency = currencyCell.toUpperCase();
    if (!isCurrencyCode(currency)) throw fail(`currency "${currencyCell}" is not an ISO 4217 code`);
  }

  return {
    position,
    bookingDate: booking,
    valueDate: value,
    ...candidateReferences([['reference column', reference]]),
    amount,
    creditDebit,
    currency,
    narration: foldWhitespace(cell('narration')),
    accountId: null,
    accountPart: 1,
    dateFromStatement: false,
  };
}

type Fail = (reason: string) => StatementFileError;

function signedAmount(text: string, mapping: CsvStatementMapping, fail: Fail) {
  if (text === '') throw fail('the amount is empty');
  const read = readCsvAmount(text, mapping.decimalSeparator);
  if (!read.ok) throw fail(`amount "${text}" ${read.problem}`);
  return { amount: read.amount, creditDebit: (read.negative ? 'D' : 'C') as CreditDebit };
}

/** Credit and debit columns: one holds the amount, the other is empty or zero. */
function splitAmount(cell: (role: Role) => string, mapping: CsvStatementMapping, fail: Fail) {
  const read = (role: 'credit' | 'debit') => {
    const text = cell(role);
    if (text === '') return undefined;
    const amount = readCsvAmount(text, mapping.decimalSeparator);
    if (!amount.ok) throw fail(`${role} "${text}" ${amount.problem}`);
    // Some banks write debits as negative numbers in the debit column; a negative credit is no credit.
    if (amount.negative && role === 'credit')
      throw fail(`credit "${text}" is negative; the credit column holds credits`);
    return amount.amount === '0.00' ? undefined : amount.amount;
  };
  const credit = read('credit');
  const debit = read('debit');
  if (credit !== undefined && debit !== undefined)
    throw fail(`both credit (${cell('credit')}) and debit (${cell('debit')}) have an amount`);
  if (credit !== undefined) return { amount: credit, creditDebit: 'C' as CreditDebit };
  if (debit !== undefined) return { amount: debit, creditDebit: 'D' as CreditDebit };
  if (cell('credit') === '' && cell('debit') === '') throw fail('neither credit nor debit has an amount');
  return { amount: '0.00', creditDebit: 'C' as CreditDebit };
}
