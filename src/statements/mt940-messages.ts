import type { Readable } from 'node:stream';
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

/** A line quoted in an error message, cut short. */
export function clip(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
