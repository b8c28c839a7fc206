import { SaxesParser, type SaxesTagPlain } from 'saxes';
import {
  CamtValueError,
  type CollectedEntry,
  type CollectedTransaction,
  describePlace,
  type Place,
  type XmlElement,
} from './camt053-entry.js';
import {
  ENTRY_TEXT,
  keepEntryText,
  localName,
  noTexts,
  OTHER_MESSAGES,
  openTransaction,
  TRANSACTION_REFS,
} from './camt053-fields.js';
import { refuseLongText, saxesReason } from './camt053-input.js';
import { entryLines } from './camt053-lines.js';
import {
  beginStatement,
  type OpenStatement,
  openStatement,
  STATEMENT_TEXT,
  statementChildClosed,
} from './camt053-statement.js';
import { StatementFileError, type StatementLine } from './statement-line.js';
import type { SummaryTally } from './statement-summary.js';

const MAX_DEPTH = 64;

// An element whose text is being gathered, with its Ccy attribute.
type Capture = { depth: number; rel: string; at: Place; text: string; ccy: string | undefined };

/**
 * Reads a camt.053 file's XML events into statement lines. Elements are matched by their local
 * names, whatever the namespace (the versions .001.02 to .001.13, national ones such as Swiss
 * SPS, none). The Document is the root, or sits in an envelope beside its business application
 * header (<AppHdr>); the envelope's other elements are passed over.
 */
export class CamtReader {
  readonly parser = new SaxesParser({ xmlns: false, position: true });
  /** Lines read whole, to be taken by the caller. */
  readonly ready: StatementLine[] = [];
  /** Whether a BkToCstmrStmt was read. */
  sawStatements = false;
  private readonly stack: XmlElement[] = [];
  private document: number | undefined;
  private documents = 0;
  private statementsHere = 0;
  private statements = 0;
  private statement: OpenStatement | undefined;
  private entry: (CollectedEntry & { depth: number }) | undefined;
  private transaction: CollectedTransaction | undefined;
  private capture: Capture | undefined;

  constructor(private readonly tally: SummaryTally) {
    this.parser.on('doctype', () => {
      throw new StatementFileError(
        `line ${this.parser.line}`,
        'the document has a DOCTYPE: a statement needs none, and entity declarations in one can expand without limit',
      );
    });
    this.parser.on('opentag', (tag) => this.open(tag));
    this.parser.on('text', (text) => this.gather(text));
    this.parser.on('cdata', (text) => this.gather(text));
    this.parser.on('closetag', () => this.close());
  }

  /** Where the parser is, for people: the open element's path and the line. */
  where(): string {
    const top = this.stack.at(-1);
    return top === undefined ? `line ${this.parser.line}` : describePlace({ element: top, line: this.parser.line });
  }

  private open(tag: SaxesTagPlain): void {
    const name = localName(tag.name);
    const parent = this.stack.at(-1);
    const depth = this.stack.length + 1;
    let label = name;
    let rel = parent === undefined || parent.rel === '' ? name : `${parent.rel}/${name}`;
    let opensEntry = false;
    const level = this.document === undefined ? undefined : depth - this.document;
    if (level === undefined && name === 'Document') {
      this.document = depth;
      this.documents += 1;
    } else if (level === 1) {
      const here = describePlace({ element: { name, label, rel, parent }, line: this.parser.line });
      if (OTHER_MESSAGES[name] !== undefined)
        throw new StatementFileError(here, `this is ${OTHER_MESSAGES[name]}, not a camt.053 statement (BkToCstmrStmt)`);
      if (name !== 'BkToCstmrStmt')
        throw new StatementFileError(here, `not a camt.053 statement: the Document holds ${name}, not BkToCstmrStmt`);
      this.sawStatements = true;
      this.statementsHere = 0;
    } else if (level === 2 && name === 'Stmt') {
      this.statements += 1;
      this.statementsHere += 1;
      this.statement = openStatement(depth, this.statements);
      label = `Stmt[${this.statements}]`;
      rel = '';
    } else if (this.statement !== undefined && depth === this.statement.depth + 1 && name === 'Ntry') {
      this.statement.entries += 1;
      label = `Ntry[${this.statement.entries}]`;
      rel = '';
      opensEntry = true;
    } else if (this.entry !== undefined && rel === 'NtryDtls/TxDtls') {
      this.transaction = openTransaction(this.entry);
      label = `TxDtls[${this.entry.transactionCount}]`;
    }
    const element: XmlElement = { name, label, rel, parent };
    this.stack.push(element);
    if (depth > MAX_DEPTH) throw new StatementFileError(this.where(), `elements nest deeper than ${MAX_DEPTH}`);
    if (opensEntry && this.statement !== undefined) {
      // A Stmt without Acct: its entries are still its own, of an account the file does not name.
      beginStatement(this.statement, this.tally);
      const at = { element, line: this.parser.line };
      this.entry = { depth, path: `Stmt[${this.statement.number}]/${label}`, at, ...noTexts() };
    }

    if (this.capture !== undefined) return;
    const keep =
      this.entry !== undefined
        ? ENTRY_TEXT.has(rel) ||
          (this.transaction !== undefined && name in TRANSACTION_REFS && rel === `NtryDtls/TxDtls/Refs/${name}`)
        : this.statement !== undefined && STATEMENT_TEXT.has(rel);
    if (keep) this.capture = { depth, rel, at: { element, line: this.parser.line }, text: '', ccy: tag.attributes.Ccy };
  }

  private gather(text: string): void {
    if (this.capture !== undefined) this.capture.text += text;
    refuseLongText(this.parser, this.capture?.text ?? text, () => this.where());
  }

  private close(): void {
    const depth = this.stack.length;
    const { entry, statement, capture } = this;
    if (capture !== undefined && capture.depth === depth) {
      this.capture = undefined;
      const found = { text: capture.text, at: capture.at };
      if (entry !== undefined) keepEntryText(entry, this.transaction, capture.rel, found, capture.ccy);
      else if (statement !== undefined) statement.texts.set(capture.rel, found);
    }
    const closing = this.stack.at(-1) as XmlElement;
    if (entry !== undefined && statement !== undefined && depth === entry.depth) {
      for (const line of entryLines(entry, statement)) {
        line.accountPart = this.tally.currentPart();
        line.index = this.tally.count(line, line.pending !== true);
        this.ready.push(line);
      }
      this.entry = undefined;
      this.transaction = undefined;
    } else if (this.transaction !== undefined && closing.rel === 'NtryDtls/TxDtls') {
      this.transaction = undefined;
    } else if (statement !== undefined && depth === statement.depth) {
      beginStatement(statement, this.tally);
      this.statement = undefined;
    } else if (statement !== undefined && depth === statement.depth + 1) {
      // Acct, FrToDt and Bal come before the entries: the statement is known when they are read.
      statementChildClosed(statement, closing.name, this.tally, this.where());
    } else if (this.document !== undefined && depth === this.document + 1 && this.statementsHere === 0) {
      throw new StatementFileError(this.where(), 'the BkToCstmrStmt holds no Stmt: a statement file has at least one');
    } else if (depth === this.document) {
      this.document = undefined;
    } else if (depth === 1 && this.documents === 0) {
      throw new StatementFileError(
        `line ${this.parser.line}`,
        `not a camt.053 statement: the root element is ${closing.name}, and it holds no Document`,
      );
    }
    this.stack.pop();
  }

  /** Parses the next piece of the text; an error names its place in the file. */
  write(text: string): void {
    try {
      this.parser.write(text);
      // A piece of megabytes is refused after the chunk that takes it past the cap, the rest unread.
      refuseLongText(this.parser, this.capture?.text, () => this.where());
    } catch (error) {
      throw this.placed(error);
    }
  }

  end(): void {
    try {
      this.parser.close();
    } catch (error) {
      throw this.placed(error);
    }
  }

  private placed(error: unknown): Error {
    if (error instanceof StatementFileError) return error;
    if (error instanceof CamtValueError) return new StatementFileError(describePlace(error.at), error.message);
    return new StatementFileError(this.where(), `the file is not well-formed XML: ${saxesReason(error)}`);
  }
}
