import type { Readable } from 'node:stream';
import { counted, STATEMENT_LIMITS } from './statement-limits.js';
import { StatementFileError } from './statement-line.js';

export interface TextLine {
  /** 1-based */
  number: number;
  text: string;
}

const MAX_LINE = STATEMENT_LIMITS.mt940Line;
const BREAK = /\r\n|\r|\n/;

const tooLong = (number: number) =>
  new StatementFileError(`line ${number}`, `the line is longer than ${counted(MAX_LINE)} characters`);

/**
 * The lines of an upload as they arrive, CRLF, LF or CR ends alike. Bytes are read as UTF-8 with
 * a BOM dropped; bytes that are not UTF-8 (a Latin-1 export) become U+FFFD rather than an error.
 * A line longer than the cap is refused as soon as the chunk that takes it past the cap is read:
 * no more than one chunk beyond the cap is ever held, and the rest of the file is not read.
 */
export async function* textLines(body: Readable): AsyncGenerator<TextLine> {
  const decoder = new TextDecoder('utf-8');
  let pending = '';
  let number = 0;
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    let text = pending + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    // A CR at the end of a chunk may be the first half of a CRLF split across chunks.
    const heldCr = text.endsWith('\r');
    if (heldCr) text = text.slice(0, -1);
    const lines = text.split(BREAK);
    pending = (lines.pop() ?? '') + (heldCr ? '\r' : '');
    for (const line of lines) {
      number += 1;
      if (line.length > MAX_LINE) throw tooLong(number);
      yield { number, text: line };
    }
    if (pending.length - (heldCr ? 1 : 0) > MAX_LINE) throw tooLong(number + 1);
  }
  pending += decoder.decode();
  const last = pending.split(BREAK);
  // A final line break ends the last line; it does not start an empty one.
  if (last.at(-1) === '') last.pop();
  for (const line of last) {
    number += 1;
    if (line.length > MAX_LINE) throw tooLong(number);
    yield { number, text: line };
  }
}
