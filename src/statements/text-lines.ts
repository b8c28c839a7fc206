import type { Readable } from 'node:stream';
import { StatementFileError } from './statement-line.js';

export interface TextLine {
  /** 1-based */
  number: number;
  text: string;
}

// A statement line is short (SWIFT allows 65 characters); a file without line breaks would
// otherwise gather into one string as long as the upload.
const MAX_LINE = 64 * 1024;
const BREAK = /\r\n|\r|\n/;

/**
 * The lines of an upload as they arrive, CRLF, LF or CR ends alike. Bytes are read as UTF-8 with
 * a BOM dropped; bytes that are not UTF-8 (a Latin-1 export) become U+FFFD rather than an error.
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
      yield { number, text: line };
    }
    if (pending.length > MAX_LINE)
      throw new StatementFileError(`line ${number + 1}`, `the line is longer than ${MAX_LINE} characters`);
  }
  pending += decoder.decode();
  const last = pending.split(BREAK);
  // A final line break ends the last line; it does not start an empty one.
  if (last.at(-1) === '') last.pop();
  for (const line of last) {
    number += 1;
    yield { number, text: line };
  }
}
