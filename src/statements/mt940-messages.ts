import type { Readable } from 'node:stream';
import { counted, STATEMENT_LIMITS } from './statement-limits.js';
import { StatementFileError } from './statement-line.js';
import { type TextLine, textLines } from './text-lines.js';

/** A field's tag at the start of a line: `:61:` and the rest of the line. */
export const TAG = /^:(\d{2}[A-Z]?):(.*)$/;
// {1:...}{2:...}{3:...} before block 4 and {5:...} after it: the envelope, not the statement.
const ENVELOPE = /^\{[1235]:/;

/**
 * The lines of the messages in the file: the SWIFT envelope ({1:...}{2:...}{4: and {5:...}) taken
 * off, and a "-}" that ends a message on the same line as its last field given a line of its own.
 */
export async function* messageLines(body: Readable): AsyncGenerator<TextLine> {
  for await (const { number, text: raw } of textLines(body)) {
    let text = raw.trimEnd();
    if (text.startsWith('{')) {
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

/** The texts of an entry whose :61: is on line `number`, none read yet. */
export const entryTexts = (number: number) => ({
  supplementary: [] as string[],
  information: [] as string[],
  text: { name: 'the text (:61: and :86:) of the entry', line: number, length: 0 } as FieldSize,
});

/** Keeps a line of an entry's :61: or :86: text, refusing the entry once its text passes the cap. */
export function keep(lines: string[], size: FieldSize, text: string, number: number): void {
  grow(size, text, number);
  lines.push(text);
}

/** A line quoted in an error message, cut short. */
export function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
