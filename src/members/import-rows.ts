import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';

/** A row of a member file before any rule is applied; `line` is where it starts in the file (the header is line 1). */
export interface RawMemberRow {
  line: number;
  fields: Record<string, unknown>;
}

export const IMPORT_COLUMNS = ['customerRef', 'fullName', 'status'] as const;

export class ImportFileError extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(reason);
  }
}

/**
 * Reads RFC 4180 CSV as it arrives: UTF-8 with or without a BOM, CRLF or LF line ends, a header
 * row naming customerRef, fullName and status. Memory stays flat however long the file is.
 */
// No register has a row this long; an unclosed quote would otherwise gather the rest of the file into one field.
const MAX_RECORD = 64 * 1024;

export async function* csvMemberRows(body: Readable): AsyncGenerator<RawMemberRow> {
  let headerSeen = false;
  const parser = body.pipe(
    parse({
      bom: true,
      max_record_size: MAX_RECORD,
      columns: (header: string[]) => {
        headerSeen = true;
        const names = header.map((name) => name.trim());
        const missing = IMPORT_COLUMNS.filter((column) => !names.includes(column));
        // A spreadsheet saved with a semicolon list separator gives one column naming them all.
        if (missing.length > 0 && names.length === 1 && names[0]?.includes(';')) {
          throw new ImportFileError(1, 'separate fields with commas, not semicolons (in Excel: save as "CSV UTF-8")');
        }
        if (missing.length > 0) {
          throw new ImportFileError(1, `header must name ${IMPORT_COLUMNS.join(', ')}; missing ${missing.join(', ')}`);
        }
        return names;
      },
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }),
  );
  body.on('error', (error) => parser.destroy(error));
  // csv-parse tells where a record ends; where it starts is one past the end of the one before,
  // after any blank lines.
  let previousEnd = 1;
  let previousBlank = 0;
  try {
    type Parsed = { record: Record<string, unknown>; info: { lines: number; empty_lines: number } };
    for await (const { record, info } of parser as AsyncIterable<Parsed>) {
      yield { line: previousEnd + 1 + (info.empty_lines - previousBlank), fields: record };
      previousEnd = info.lines;
      previousBlank = info.empty_lines;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(previousEnd + 1, `not readable as CSV from this line on: ${(error as Error).message}`);
  }
  if (!headerSeen)
    throw new ImportFileError(1, `the file is empty: it needs the header row ${IMPORT_COLUMNS.join(',')}`);
}
