import type { Readable } from 'node:stream';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import {
  CamtValueError,
  type CollectedEntry,
  type CollectedTransaction,
  camtLine,
  describePlace,
  type Place,
  type XmlElement,
} from './camt053-entry.js';
import {
  ENTRY_TEXT,
  keepAccount,
  keepEntryText,
  keepPeriod,
  localName,
  noTexts,
  type OpenStatement,
  OTHER_MESSAGES,
  openTransaction,
  STATEMENT_TEXT,
  saxesReason,
  TRANSACTION_REFS,
} from './camt053-fields.js';
import { refuseLongText, startWatch } from './camt053-input.js';
import { type ParsedStatement, StatementFileError, type StatementLine } from './statement-line.js';
import { SummaryTally } from './statement-summary.js';

const MAX_DEPTH = 64;

interface Capture {
  depth: number;
  rel: string;
  at: Place;
  text: string;
  ccy: string | undefined;
}

/**
 * ISO 20022 camt.053 (BkToCstmrStmt), any version from .001.02 on: elements are matched by their
 * local names, whatever the namespace. The XML is parsed as it arrives and an entry is given as
 * soon as its Ntry closes, so memory stays flat however many entries the file holds.
 */
export function parseCamt053(body: Readable): ParsedStatement {
  const tally = new SummaryTally();
  return { lines: camtLines(body, tally), summary: () => tally.summary() };
}

async function* camtLines(body: Readable, tally: SummaryTally): AsyncGenerator<StatementLine> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const stack: XmlElement[] = [];
  const ready: StatementLine[] = [];
  let statementsElement = false;
  let statements = 0;
  let statement: OpenStatement | undefined;
  let entry: (CollectedEntry & { depth: number }) | undefined;
  let transaction: CollectedTransaction | undefined;
  let capture: Capture | undefined;

  const where = () => {
    const top = stack.at(-1);
    return top === undefined ? `line ${parser.line}` : describePlace({ element: top, line: parser.line });
  };

  parser.on('doctype', () => {
    throw new StatementFileError(
      `line ${parser.line}`,
      'the document has a DOCTYPE: a statement needs none, and entity declarations in one can expand without limit',
    );
  });

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = localName(tag.name);
    const parent = stack.at(-1);
    const depth = stack.length + 1;
    let label = name;
    let opensEntry = false;
    let rel = parent === undefined || parent.rel === '' ? name : `${parent.rel}/${name}`;
    if (parent === undefined && name !== 'Document')
      throw new StatementFileError(
        `line ${parser.line}`,
        `not a camt.053 statement: the root element is ${name}, not Document`,
      );
    if (OTHER_MESSAGES[name] !== undefined)
      throw new StatementFileError(
        `line ${parser.line}`,
        `this is ${OTHER_MESSAGES[name]}, not a camt.053 statement (BkToCstmrStmt)`,
      );
    if (depth === 2 && name !== 'BkToCstmrStmt')
      throw new StatementFileError(
        `line ${parser.line}`,
        `not a camt.053 statement: the Document holds ${name}, not BkToCstmrStmt`,
      );
    if (depth === 2) statementsElement = true;
    else if (depth === 3 && name === 'Stmt') {
      statements += 1;
      statement = { depth, number: statements, entries: 0, texts: new Map(), currency: null };
      label = `Stmt[${statements}]`;
      rel = '';
    } else if (statement !== undefined && depth === statement.depth + 1 && name === 'Ntry') {
      statement.entries += 1;
      label = `Ntry[${statement.entries}]`;
      rel = '';
      opensEntry = true;
    } else if (entry !== undefined && rel === 'NtryDtls/TxDtls') {
      transaction = openTransaction(entry);
      label = `TxDtls[${entry.transactionCount}]`;
    }
    const element: XmlElement = { name, label, rel, parent };
    stack.push(element);
    if (opensEntry && statement !== undefined) {
      const path = `Stmt[${statement.number}]/${label}`;
      entry = { depth, path, at: { element, line: parser.line }, ...noTexts() };
    }
    if (depth > MAX_DEPTH) throw new StatementFileError(where(), `elements nest deeper than ${MAX_DEPTH}`);

    if (capture !== undefined) return;
    let keep = false;
    if (entry !== undefined)
      keep =
        ENTRY_TEXT.has(rel) ||
        (transaction !== undefined && rel === `NtryDtls/TxDtls/Refs/${name}` && TRANSACTION_REFS.has(name));
    else if (statement !== undefined) keep = STATEMENT_TEXT.has(rel);
    if (keep) capture = { depth, rel, at: { element, line: parser.line }, text: '', ccy: tag.attributes.Ccy };
  });

  const gather = (text: string) => {
    if (capture !== undefined) capture.text += text;
    refuseLongText(parser, capture?.text ?? text, where);
  };
  parser.on('text', gather);
  parser.on('cdata', gather);

  parser.on('closetag', () => {
    const depth = stack.length;
    if (capture !== undefined && capture.depth === depth) {
      const { rel, text, at, ccy } = capture;
      capture = undefined;
      if (entry !== undefined) keepEntryText(entry, transaction, rel, { text, at }, ccy);
      else if (statement !== undefined) statement.texts.set(rel, { text, at });
    }
    const closing = stack.at(-1)?.name;
    if (entry !== undefined && depth === entry.depth && statement !== undefined) {
      const line = camtLine(entry, statement.currency);
      ready.push({ ...line, accountId: tally.currentAccount(), index: tally.count(line) });
      entry = undefined;
      transaction = undefined;
    } else if (transaction !== undefined && closing === 'TxDtls') {
      transaction = undefined;
    } else if (statement !== undefined && depth === statement.depth) {
      statement = undefined;
    } else if (statement !== undefined && depth === statement.depth + 1) {
      // Acct and FrToDt come before the entries, so the statement's account is known when they are read.
      if (closing === 'Acct') keepAccount(statement, tally, where());
      if (closing === 'FrToDt') keepPeriod(statement, tally, where());
    }
    stack.pop();
  });

  const decoder = new TextDecoder('utf-8');
  const start = startWatch();
  const feed = (text: string) => {
    start.see(text);
    try {
      parser.write(text);
      // A piece of megabytes is refused after the chunk that takes it past the cap, the rest unread.
      refuseLongText(parser, capture?.text, where);
    } catch (error) {
      if (error instanceof StatementFileError) throw error;
      if (error instanceof CamtValueError) throw new StatementFileError(describePlace(error.at), error.message);
      throw new StatementFileError(where(), `the file is not well-formed XML: ${saxesReason(error)}`);
    }
  };
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    yield* ready;
    ready.length = 0;
  }
  feed(decoder.decode());
  if (!start.started) throw new StatementFileError('line 1', 'the file is empty');
  const lastLine = parser.line;
  try {
    parser.close();
  } catch (error) {
    throw new StatementFileError(where(), `the file is not well-formed XML: ${saxesReason(error)}`);
  }
  yield* ready;
  if (!statementsElement)
    throw new StatementFileError(`line ${lastLine}`, 'not a camt.053 statement: the Document holds no BkToCstmrStmt');
  tally.finish();
}
