import type { Readable } from 'node:stream';
import { xmlDecoder } from './camt053-encoding.js';
import { endOfFileMarks, startWatch } from './camt053-input.js';
import { CamtReader } from './camt053-reader.js';
import { type ParsedStatement, StatementFileError, type StatementLine } from './statement-line.js';
import { SummaryTally } from './statement-summary.js';

/**
 * ISO 20022 camt.053 (BkToCstmrStmt), any version from .001.02 on (camt053-reader.ts). The XML
 * is parsed as it arrives and an entry is given as soon as its Ntry closes, so memory stays flat
 * however many entries the file holds. A file may hold several statements (Stmt), of one account
 * or several: each line names its Stmt's account.
 */
export function parseCamt053(body: Readable): ParsedStatement {
  const tally = new SummaryTally();
  return { lines: camtLines(body, tally), summary: () => tally.summary() };
}

async function* camtLines(body: Readable, tally: SummaryTally): AsyncGenerator<StatementLine> {
  const reader = new CamtReader(tally);
  const decoder = xmlDecoder();
  const start = startWatch();
  const marks = endOfFileMarks();
  const feed = (text: string) => {
    start.see(text);
    reader.write(marks.pass(text));
  };
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    feed(typeof chunk === 'string' ? chunk : decoder.write(chunk));
    yield* reader.ready;
    reader.ready.length = 0;
  }
  feed(decoder.end());
  if (!start.started) throw new StatementFileError('line 1', 'the file is empty');
  const lastLine = reader.parser.line;
  reader.end();
  yield* reader.ready;
  if (!reader.sawStatements)
    throw new StatementFileError(`line ${lastLine}`, 'not a camt.053 statement: the Document holds no BkToCstmrStmt');
  tally.finish();
}
