import { entryTexts, type PendingEntry, statementLine } from './mt940-entry.js';
import { type Mt940Balance, Mt940FieldError, readBalance, readStatementLine } from './mt940-fields.js';
import { type FieldSize, grow, interimReport, interimReportField, keep } from './mt940-messages.js';
import { StatementFileError, type StatementLine } from './statement-line.js';
import type { SummaryTally } from './statement-summary.js';
import type { TextLine } from './text-lines.js';

interface OpenMessage {
  startLine: number;
  opening: Mt940Balance | undefined;
  closedOnLine: number | undefined;
  accountLine: number | undefined;
  /** The last field other than :86:, which may follow any field. */
  lastTag: string;
}

/**
 * The fields of MT940 messages, one message at a time: the caller says where a message ends
 * (a "-" line, "-}", the next :20:) and gives every line inside one. Lines are given back by
 * take() as soon as the file has said all of each.
 */
export class MessageReader {
  private message: OpenMessage | undefined;
  private entry: PendingEntry | undefined;
  // The tag whose continuation lines are being read: '61' and '86' keep theirs, others are let be.
  private continuing: string | undefined;
  // The field being read, tag and continuation lines: a field of megabytes is refused as it grows.
  private field: FieldSize | undefined;
  private readonly done: StatementLine[] = [];
  messages = 0;

  constructor(private readonly tally: SummaryTally) {}

  get open(): boolean {
    return this.message !== undefined;
  }

  /** The lines finished since the last call. */
  take(): StatementLine[] {
    return this.done.length === 0 ? [] : this.done.splice(0);
  }

  private finishEntry(): void {
    if (this.entry === undefined) return;
    this.done.push(statementLine(this.entry, this.tally));
    this.entry = undefined;
  }

  /**
   * The message ends where the file ended it. A closing balance is not needed (some banks leave
   * it out and end with :64: or :65:); an opening balance is: a message without one (such as an
   * MT942 interim report) is not a statement.
   */
  endMessage(): void {
    this.finishEntry();
    const message = this.message;
    this.message = undefined;
    this.continuing = undefined;
    this.field = undefined;
    if (message && message.opening === undefined)
      throw new StatementFileError(
        `line ${message.startLine}`,
        'the message that starts on this line has no opening balance :60F: or :60M:, so it is not a statement',
      );
  }

  /**
   * The file ends. A message it ends in without a closing balance is whole when its last field is
   * a balance given after the entries (:64:, :65:); one that stops after a :61:, inside an :86:
   * or right after its opening balance may have lost the rest, and is refused.
   */
  endOfFile(lastLine: number): void {
    const message = this.message;
    if (message && message.closedOnLine === undefined && !/^6[245]/.test(message.lastTag))
      throw new StatementFileError(
        `line ${lastLine}`,
        `the statement that starts on line ${message.startLine} has no closing balance :62F: or :62M:; ` +
          'the file may be cut short',
      );
    this.endMessage();
  }

  /** A line of the open message that has no tag: the continuation of the field before it. */
  untagged({ number, text }: TextLine): void {
    if (this.field) grow(this.field, text, number);
    const entry = this.entry;
    if (entry === undefined) return;
    if (this.continuing === '61') keep(entry.supplementary, entry.text, text, number);
    else if (this.continuing === '86') keep(entry.information.at(-1) ?? [], entry.text, text, number);
  }

  /** A field: a :20: starts a message, ending the one before; any other belongs to the open message. */
  tagged(tag: string, content: string, number: number): void {
    this.continuing = tag;
    this.field = { name: `the :${tag}: field`, line: number, length: content.length };
    if (tag === '20') {
      if (this.message) this.endMessage();
      this.message = {
        startLine: number,
        opening: undefined,
        closedOnLine: undefined,
        accountLine: undefined,
        lastTag: tag,
      };
      this.messages += 1;
      return;
    }
    const message = this.message;
    if (message === undefined) throw new Error('a field outside a message is the caller’s to refuse');
    if (tag !== '86') message.lastTag = tag;
    try {
      this.read(message, tag, content, number);
    } catch (error) {
      if (error instanceof Mt940FieldError) throw new StatementFileError(`line ${number}`, error.message);
      throw error;
    }
  }

  private read(message: OpenMessage, tag: string, content: string, number: number): void {
    const position = `line ${number}`;
    if (interimReportField(tag) && message.opening === undefined) throw new Mt940FieldError(interimReport(tag));
    switch (tag) {
      case '25': {
        const account = content.trim();
        if (account === '') throw new Mt940FieldError('the account :25: is empty');
        // A message is one account's: a second :25: is a field that lost its own tag.
        if (message.accountLine !== undefined)
          throw new Mt940FieldError(
            `a second account :25: in the statement that starts on line ${message.startLine} (the first is on line ${message.accountLine})`,
          );
        message.accountLine = number;
        this.tally.account(account);
        return;
      }
      case '60F':
      case '60M':
        if (message.opening !== undefined)
          throw new Mt940FieldError(
            `a second opening balance in the statement that starts on line ${message.startLine}`,
          );
        message.opening = readBalance(tag, content);
        this.tally.stateCurrency(message.opening.currency);
        return;
      case '61': {
        this.finishEntry();
        if (message.closedOnLine !== undefined)
          throw new Mt940FieldError(`a :61: after the closing balance on line ${message.closedOnLine}`);
        if (message.opening === undefined) throw new Mt940FieldError('no opening balance :60F: before the first :61:');
        const read = readStatementLine(content);
        this.entry = { ...read, line: number, currency: message.opening.currency, ...entryTexts(number) };
        return;
      }
      case '86':
        // An :86: after a :61: tells about that entry; anywhere else it tells about the statement.
        if (this.entry) {
          const lines: string[] = [];
          this.entry.information.push(lines);
          keep(lines, this.entry.text, content, number);
        }
        return;
      case '62F':
      case '62M': {
        this.finishEntry();
        if (message.opening === undefined) throw new Mt940FieldError(`no opening balance :60F: before the :${tag}:`);
        if (message.closedOnLine !== undefined)
          throw new Mt940FieldError(
            `a second closing balance in the statement that starts on line ${message.startLine}`,
          );
        const closing = readBalance(tag, content);
        if (closing.currency !== message.opening.currency)
          throw new Mt940FieldError(
            `the closing balance is in ${closing.currency} but the opening balance in ${message.opening.currency}`,
          );
        message.closedOnLine = number;
        // The closing balance's day is a day the statement covers; the opening balance's is the day before.
        this.tally.statePeriod(closing.date, closing.date, position);
        return;
      }
      default:
        // :64: and :65: (available balances) come after the entries; :21:, :28C:, :NS: and the
        // like say nothing a reconciliation needs, and an entry's :86: may still follow them.
        if (tag.startsWith('64') || tag.startsWith('65')) this.finishEntry();
    }
  }
}
