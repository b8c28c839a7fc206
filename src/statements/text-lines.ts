import { isUtf8 } from 'node:buffer';
import type { Readable } from 'node:stream';
import { counted, STATEMENT_LIMITS } from './statement-limits.js';
import { StatementFileError } from './statement-line.js';
import { windows1252 } from './windows-1252.js';

export interface TextLine {
  /** 1-based */
  number: number;
  text: string;
}

const MAX_LINE = STATEMENT_LIMITS.mt940Line;
const LF = 0x0a;
const CR = 0x0d;
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const EMPTY = Buffer.alloc(0);

const tooLong = (number: number) =>
  new StatementFileError(`line ${number}`, `the line is longer than ${counted(MAX_LINE)} characters`);

/**
 * A line's bytes as text. Banks export in UTF-8 or in their Windows code page (Latin-1 and
 * Windows-1252 alike), and do not say which: a line that is valid UTF-8 is read as UTF-8, any
 * other as Windows-1252, so "Müller" comes out as written either way and never as "MÃ¼ller" or
 * "M\uFFFDller". Line by line, because a file put together from several exports may mix them.
 * A BOM at the start of a line (of the file, or of a file appended to it) is dropped.
 */
function decoded(bytes: Buffer): string {
  const text = bytes.subarray(0, 3).equals(BOM) ? bytes.subarray(3) : bytes;
  return isUtf8(text) ? text.toString('utf8') : windows1252(text);
}

/**
 * Characters a line of these bytes has at least: a UTF-8 character has one byte that is not a
 * continuation byte (10xxxxxx), a Windows-1252 character is one byte.
 */
function leastCharacters(bytes: Buffer): number {
  let count = 0;
  for (const byte of bytes) if ((byte & 0xc0) !== 0x80) count += 1;
  return count;
}

/**
 * The lines of an upload as they arrive, CRLF, LF or CR ends alike (a line break is the same
 * byte in UTF-8 and Windows-1252, so lines are cut before they are decoded). A line longer than
 * the cap is refused as soon as the chunk that takes it past the cap is read: no more than one
 * chunk beyond the cap is ever held, and the rest of the file is not read.
 */
export async function* textLines(body: Readable): AsyncGenerator<TextLine> {
  let pending: Buffer = EMPTY;
  let number = 0;
  // The last chunk ended with a CR: a LF at the start of the next is the second half of a CRLF.
  let afterCr = false;
  const line = (bytes: Buffer): TextLine => {
    number += 1;
    const text = decoded(bytes);
    if (text.length > MAX_LINE) throw tooLong(number);
    return { number, text };
  };
  for await (const chunk of body as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = afterCr && bytes[0] === LF ? 1 : 0;
    if (bytes.length > 0) afterCr = false;
    for (let at = start; at < bytes.length; at += 1) {
      const byte = bytes[at];
      if (byte !== LF && byte !== CR) continue;
      const piece = bytes.subarray(start, at);
      yield line(pending.length > 0 ? Buffer.concat([pending, piece]) : piece);
      pending = EMPTY;
      if (byte === CR && at + 1 === bytes.length) afterCr = true;
      else if (byte === CR && bytes[at + 1] === LF) at += 1;
      start = at + 1;
    }
    if (start < bytes.length) pending = Buffer.concat([pending, bytes.subarray(start)]);
    // Four bytes are the most a character takes; past that the line is too long however it is read.
    if (pending.length > MAX_LINE && (pending.length > 4 * MAX_LINE || leastCharacters(pending) > MAX_LINE))
      throw tooLong(number + 1);
  }
  // A final line break ends the last line; it does not start an empty one.
  if (pending.length > 0) yield line(pending);
}
