import type { Readable } from 'node:stream';
import { counted, STATEMENT_LIMITS } from './statement-limits.js';
import { StatementFileError } from './statement-line.js';
import { type TextLine, textLines } from './text-lines.js';

/**
 * A field's tag at the start of a line: `:61:` and the rest of the line. :NS: is a tag some banks
 * (Polish, Hungarian) use for their own structured fields.
 */
export const TAG = /^:(\d{2}[A-Z]?|NS):(.*)$/;
// {1:...}{2:...}{3:...} before block 4 and {5:...} after it: the envelope, not the statement.
const ENVELOPE = /^\{[1235]:/;
// Control characters a file picks up on its way (NUL, SOH and ETX of a transmission, \x1a at
// the end of a DOS file, a BOM inside the file, C1 codes), never text. A tab is kept as a space.
const CONTROL = /\p{Cc}|\uFEFF/gu;
// The message type a SWIFT header block or a bank's header line gives: {2:I940..., 940, :940:, 940 00.
const SWIFT_TYPE = /\{2:[IO](\d{3})/;
const HEADER_TYPE = /^:?(\d{3}):?(?: \d{2})?$/;
// A line shaped as a field (":9401:", ":20:") outside any message.
const FIELD_SHAPED = /^:[A-Za-z0-9]{1,6}:/;

const NOT_A_STATEMENT =
  'an MT942 interim report, which lists entries of a day not yet closed: it is not a statement; upload the MT940 statement';
const MT942 = `the file holds ${NOT_A_STATEMENT}`;

/** Why a line outside any message (before a :20:, between messages) means the file cannot be read, if it does. */
export function strayLineProblem(text: string): string | undefined {
  const type = HEADER_TYPE.exec(text.trim())?.[1];
  if (type === '942') return MT942;
  if (type === '940') return undefined;
  const field = FIELD_SHAPED.exec(text)?.[0];
  if (field === undefined) return undefined;
  if (TAG.test(text)) return `no :20: before the first ${field}`;
  return `"${clip(text)}" is not a field of an MT940 statement; a statement starts with :20:`;
}

// MT942's own fields: the floor limit, the date and time of the report, the count and sum of entries.
const MT942_FIELDS = new Set(['34F', '13D', '90D', '90C']);

/** Whether a field is one that only an MT942 interim report has. */
export const interimReportField = (tag: string) => MT942_FIELDS.has(tag);
export const interimReport = (tag: string) => `the :${tag}: field belongs to ${NOT_A_STATEMENT}`;

/**
 * The lines of the messages in the file: control characters taken out, the SWIFT envelope
 * ({1:...}{2:...}{4: and {5:...}) taken off, and a "-}" that ends a message on the same line as
 * its last field given a line of its own.
 */
export async function* messageLines(body: Readable): AsyncGenerator<TextLine> {
  for await (const { number, text: raw } of textLines(body)) {
    // U+FFFD is what a conversion leaves where it could not read a character: the file's text is
    // already damaged, and what it said cannot be known (our own decoding never makes one).
    if (raw.includes('\ufffd'))
      throw new StatementFileError(
        `line ${number}`,
        'the line holds "\ufffd" (U+FFFD), left where a character was lost when the file was converted ' +
          'between encodings; ask the bank for the file as it sent it',
      );
    // Trailing spaces are kept: in a text field padded to its width they part the words of two lines.
    let text = raw.replace(/\t/g, ' ').replace(CONTROL, '');
    if (SWIFT_TYPE.exec(text)?.[1] === '942') throw new StatementFileError(`line ${number}`, MT942);
    if (text.startsWith('{')) {
      text = text.trimEnd();
      const block4 = text.indexOf('{4:');
      if (block4 < 0 && ENVELOPE.test(text)) continue;
      if (block4 < 0) throw new StatementFileError(`line ${number}`, `not an MT940 line: "${clip(text)}"`);
      text = text.slice(block4 + 3);
      if (text === '') continue;
    }
    const end = text.indexOf('-}');
    if (end > 0 && TAG.test(text)) {
      yield { number, text: text.slice(0, end) };
      yield { number, text: '-}' };
    } else yield { number, text };
  }
}

/** A field being read, or the text of an entry: what it is, the line it starts on, its characters so far. */
export interface FieldSize {
  name: string;
  line: number;
  length: number;
}

/** Adds text read on line `number` to a field, refusing it as soon as it passes the cap. */
export function grow(field: FieldSize, text: string, number: number): void {
  field.length += text.length;
  if (field.length > STATEMENT_LIMITS.mt940Field)
    throw new StatementFileError(
      `line ${number}`,
      `${field.name} that starts on line ${field.line} is longer than ${counted(STATEMENT_LIMITS.mt940Field)} characters`,
    );
}

/** Keeps a line of an entry's :61: or :86: text, refusing the entry once its text passes the cap. */
export function keep(lines: string[], size: FieldSize, text: string, number: number): void {
  grow(size, text, number);
  lines.push(text);
}

/** A line quoted in an error message, cut short. */
export function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
