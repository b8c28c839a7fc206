/**
 * SWIFT MT940 statements as banks' corporate portals export them, read line by line as the
 * upload arrives.
 *
 * Our own parser rather than a package: the MT940 parsers on npm (mt940js, mt940-js,
 * @centrapay/swift-parser and its forks) take the whole file (a string, a buffer, or a stream
 * read to its end) and give back every statement at once; mt940js and mt940-js give amounts as JavaScript numbers (floats),
 * @centrapay/swift-parser gives BigNumber amounts and Date objects and brings in moment. None
 * reads as the upload arrives. The format is small: a tag at the start of a line, a few fixed
 * fields, so the parser is too.
 */
import type { Readable } from 'node:stream';
import { type Mt940Balance, type Mt940Entry, Mt940FieldError, readBalance, readStatementLine } from './mt940-fields.js';
import { clip, entryTexts, type FieldSize, grow, keep, messageLines, TAG } from './mt940-messages.js';
import { type ParsedStatement, StatementFileError, type StatementLine } from './statement-line.js';
import { SummaryTally } from './statement-summary.js';
import { candidateReferences, foldWhitespace } from './statement-text.js';

interface OpenStatement {
  startLine: number;
  opening: Mt940Balance | undefined;
  closedOnLine: number | undefined;
}

interface PendingEntry extends Mt940Entry {
  line: number;
  currency: string;
  supplementary: string[];
  information: string[];
  /** All of its :61: and :86: text after the :61: line itself. */
  text: FieldSize;
}

export function parseMt940(body: Readable): ParsedStatement {
  const tally = new SummaryTally();
  return { lines: mt940Lines(body, tally), summary: () => tally.summary() };
}

async function* mt940Lines(body: Readable, tally: SummaryTally): AsyncGenerator<StatementLine> {
  let statement: OpenStatement | undefined;
  let entry: PendingEntry | undefined;
  // The tag whose continuation lines are being read: '61' and '86' keep theirs, others are let be.
  let continuing: string | undefined;
  // The field being read, tag and continuation lines: a field of megabytes is refused as it grows.
  let field: FieldSize | undefined;
  let lastLine = 0;
  let statements = 0;

  const finishEntry = (): StatementLine | undefined => {
    if (entry === undefined) return undefined;
    const done = entry;
    entry = undefined;
    const narration = foldWhitespace(done.information.join(' ')) || foldWhitespace(done.supplementary.join(' '));
    const line = {
      position: `line ${done.line}`,
      index: 0,
      bookingDate: done.bookingDate,
      valueDate: done.valueDate,
      ...candidateReferences([
        [':61: bank reference', done.bankReference],
        [':61: customer reference', done.customerReference],
      ]),
      amount: done.amount,
      creditDebit: done.creditDebit,
      currency: done.currency,
      narration,
      accountId: tally.currentAccount(),
      dateFromStatement: false,
    };
    line.index = tally.count(line);
    return line;
  };

  const unfinished = (open: OpenStatement) =>
    `the statement that starts on line ${open.startLine} has no closing balance :62F: or :62M:; ` +
    'the file may be cut short';

  for await (const { number, text } of messageLines(body)) {
    lastLine = number;
    const position = `line ${number}`;
    if (text === '-' || text.startsWith('-}')) {
      const done = finishEntry();
      if (done) yield done;
      if (statement !== undefined && statement.closedOnLine === undefined)
        throw new StatementFileError(position, unfinished(statement));
      statement = undefined;
      continuing = undefined;
      continue;
    }
    if (text.trim() === '') continue;

    const tagged = TAG.exec(text);
    if (!tagged) {
      if (field) grow(field, text, number);
      if (continuing === '61' && entry) keep(entry.supplementary, entry.text, text, number);
      else if (continuing === '86' && entry) keep(entry.information, entry.text, text, number);
      else if (continuing === undefined)
        throw new StatementFileError(
          position,
          `expected a tag such as :20: or :61: at the start of the line, found "${clip(text)}"`,
        );
      continue;
    }
    const tag = tagged[1] ?? '';
    const content = tagged[2] ?? '';
    continuing = tag;
    field = { name: `the :${tag}: field`, line: number, length: content.length };

    if (tag === '20') {
      const done = finishEntry();
      if (done) yield done;
      if (statement !== undefined && statement.closedOnLine === undefined)
        throw new StatementFileError(position, unfinished(statement));
      statement = { startLine: number, opening: undefined, closedOnLine: undefined };
      statements += 1;
      continue;
    }
    if (statement === undefined) throw new StatementFileError(position, `no :20: before the first :${tag}:`);

    try {
      switch (tag) {
        case '25': {
          const account = content.trim();
          if (account === '') throw new Mt940FieldError('the account :25: is empty');
          tally.account(account);
          break;
        }
        case '60F':
        case '60M': {
          if (statement.opening !== undefined)
            throw new Mt940FieldError(
              `a second opening balance in the statement that starts on line ${statement.startLine}`,
            );
          statement.opening = readBalance(tag, content);
          tally.stateCurrency(statement.opening.currency, position);
          break;
        }
        case '61': {
          const done = finishEntry();
          if (done) yield done;
          if (statement.closedOnLine !== undefined)
            throw new Mt940FieldError(`a :61: after the closing balance on line ${statement.closedOnLine}`);
          if (statement.opening === undefined)
            throw new Mt940FieldError('no opening balance :60F: before the first :61:');
          const read = readStatementLine(content);
          entry = { ...read, line: number, currency: statement.opening.currency, ...entryTexts(number) };
          break;
        }
        case '86':
          // An :86: after a :61: tells about that entry; anywhere else it tells about the statement.
          if (entry) keep(entry.information, entry.text, content, number);
          break;
        case '62F':
        case '62M': {
          const done = finishEntry();
          if (done) yield done;
          if (statement.opening === undefined)
            throw new Mt940FieldError(`no opening balance :60F: before the :${tag}:`);
          if (statement.closedOnLine !== undefined)
            throw new Mt940FieldError(
              `a second closing balance in the statement that starts on line ${statement.startLine}`,
            );
          const closing = readBalance(tag, content);
          if (closing.currency !== statement.opening.currency)
            throw new Mt940FieldError(
              `the closing balance is in ${closing.currency} but the opening balance in ${statement.opening.currency}`,
            );
          statement.closedOnLine = number;
          tally.statePeriod(closing.date, closing.date, position);
          break;
        }
        case '64':
        case '65': {
          const done = finishEntry();
          if (done) yield done;
          break;
        }
        default:
          // :21:, :28C:, :34F:, :NS: and the like say nothing a reconciliation needs.
          break;
      }
    } catch (error) {
      if (error instanceof Mt940FieldError) throw new StatementFileError(position, error.message);
      throw error;
    }
  }

  const done = finishEntry();
  if (done) yield done;
  if (statements === 0)
    throw new StatementFileError(
      `line ${Math.max(lastLine, 1)}`,
      lastLine === 0 ? 'the file is empty' : 'no :20: in the file: it holds no MT940 statement',
    );
  if (statement !== undefined && statement.closedOnLine === undefined)
    throw new StatementFileError(`line ${lastLine}`, unfinished(statement));
  tally.finish();
}
