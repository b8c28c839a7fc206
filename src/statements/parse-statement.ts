import type { Readable } from 'node:stream';
import { parseCamt053 } from './camt053.js';
import type { CsvStatementMapping } from './csv-mapping.js';
import { parseCsvStatement } from './csv-statement.js';
import type { StatementFormat } from './formats.js';
import { parseMt940 } from './mt940.js';
import type { ParsedStatement } from './statement-line.js';

/** A statement file in the format named; a CSV file needs the bank's column mapping. */
export function parseStatement(
  format: StatementFormat,
  body: Readable,
  csvMapping: CsvStatementMapping | undefined,
): ParsedStatement {
  if (format === 'mt940') return parseMt940(body);
  if (format === 'camt053') return parseCamt053(body);
  if (!csvMapping) throw new Error('a CSV statement needs a mapping');
  return parseCsvStatement(body, csvMapping);
}
