import { isAscii, isUtf8 } from 'node:buffer';
import { StatementFileError } from './statement-line.js';

/**
 * Turns a camt.053 file's bytes into text, whatever encoding the bank wrote it in.
 *
 * ISO 20022 says UTF-8, yet banks' exports also come in ISO-8859-1 or windows-1252, declared
 * (`<?xml ... encoding="ISO-8859-1"?>`) or not, and some declare one and write the other. A
 * wrong guess stores mojibake ("MÃ¼ller") in a narration for good, so the bytes decide, not the
 * declaration alone: up to the first non-ASCII byte every such encoding reads the same; there,
 * bytes that are valid UTF-8 with a multi-byte character are UTF-8 (in Latin-1, "Ã¼" next to each
 * other almost never happens), and anything else is the declared encoding, or windows-1252 when
 * the file declares UTF-8 or nothing (the bank's Latin-1 export). From then on the choice holds;
 * a file that turns out to mix UTF-8 with something else is refused, naming the line. A UTF-16
 * file says so with its byte order mark.
 */
export function xmlDecoder() {
  let mode: 'ascii' | 'utf-8' | TextDecoder = 'ascii';
  let carried: Uint8Array = new Uint8Array(0);
  // The ASCII text before the first non-ASCII byte, as far as the XML declaration needs.
  let head = '';
  let lines = 1;
  let first = true;
  const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

  const counted = (text: string) => {
    for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lines += 1;
    if (head.length < 512) head += text.slice(0, 512);
    if (first && text !== '') {
      first = false;
      // The UTF-8 byte order mark is no part of the XML.
      if (text.startsWith('\uFEFF')) return text.slice(1);
    }
    return text;
  };

  const decode = (bytes: Uint8Array, end: boolean): string => {
    if (mode instanceof TextDecoder) return counted(mode.decode(bytes, { stream: !end }));
    if (first && !end && bytes.length < 2) {
      carried = bytes;
      return '';
    }
    if (first && bytes[0] !== undefined && bytes[1] !== undefined) {
      const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff;
      if (utf16 !== false) {
        mode = new TextDecoder(utf16 === true ? 'utf-16be' : utf16);
        return counted(mode.decode(bytes, { stream: !end }));
      }
    }
    const scan = fastScan(bytes, end, mode === 'utf-8') ?? scanUtf8(bytes, end);
    if (scan.invalidAt < 0) {
      if (scan.multibyte) mode = 'utf-8';
      carried = bytes.slice(scan.complete);
      return counted(utf8.decode(bytes.subarray(0, scan.complete)));
    }
    const before = utf8.decode(bytes.subarray(0, scan.invalidAt));
    if (mode === 'utf-8' || scan.multibyte) {
      const line = lines + (before.match(/\n/g)?.length ?? 0);
      throw new StatementFileError(
        `line ${line}`,
        'the file mixes two encodings: its text is UTF-8 before this line and not here; save it in one encoding',
      );
    }
    mode = declaredDecoder(head);
    return counted(mode.decode(bytes, { stream: !end }));
  };

  return {
    /** The text of the next bytes; a character cut between two chunks is given with the second. */
    write(chunk: Uint8Array): string {
      const bytes = carried.length === 0 ? chunk : concat(carried, chunk);
      carried = new Uint8Array(0);
      return decode(bytes, false);
    },
    end(): string {
      const bytes = carried;
      carried = new Uint8Array(0);
      return decode(bytes, true);
    },
  };
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/**
 * The common case of a UTF-8 file, checked natively (a file of hundreds of megabytes would spend
 * seconds in scanUtf8's loop): valid up to a character the chunk's end may cut. Undefined when
 * the slow scan must say where the bytes stop being UTF-8.
 */
function fastScan(bytes: Uint8Array, end: boolean, multibyte: boolean) {
  let complete = bytes.length;
  if (!end)
    for (let back = 1; back <= 3 && back <= bytes.length; back += 1) {
      const byte = bytes[bytes.length - back] as number;
      if (byte < 0x80) break;
      if (byte >= 0xc0) {
        complete = bytes.length - back;
        break;
      }
    }
  const whole = bytes.subarray(0, complete);
  if (isAscii(whole)) return { invalidAt: -1, multibyte, complete };
  if (!isUtf8(whole)) return undefined;
  return { invalidAt: -1, multibyte: true, complete };
}

/** The decoder the XML declaration names, windows-1252 when it names UTF-8 or none. */
function declaredDecoder(head: string): TextDecoder {
  const declared = /^\s*<\?xml\s[^>]*?encoding\s*=\s*["']([^"']*)["']/.exec(head)?.[1]?.trim() ?? '';
  const label = /^utf-?8$/i.test(declared) || declared === '' ? 'windows-1252' : declared;
  try {
    // The WHATWG encodings read ISO-8859-1 as windows-1252, whose 0x80-0x9F are the € and
    // quotation marks banks mean there (ISO-8859-1 has only invisible controls at those bytes).
    return new TextDecoder(label);
  } catch {
    throw new StatementFileError('line 1', `the XML declares the encoding "${declared}", which is not one known here`);
  }
}

/**
 * Where `bytes` stop being UTF-8 (-1: they are all UTF-8), whether a multi-byte character came
 * before that, and up to where they are complete characters: one cut by the chunk's end may go on
 * in the next, unless this is the end of the file.
 */
function scanUtf8(bytes: Uint8Array, end: boolean): { invalidAt: number; multibyte: boolean; complete: number } {
  let multibyte = false;
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at] as number;
    if (lead < 0x80) {
      at += 1;
      continue;
    }
    const [length, low, high] = lead >= 0xc2 && lead <= 0xdf ? [2, 0x80, 0xbf] : sequenceOf(lead);
    if (length === 0) return { invalidAt: at, multibyte, complete: at };
    for (let next = 1; next < length; next += 1) {
      const byte = bytes[at + next];
      if (byte === undefined)
        return end ? { invalidAt: at, multibyte, complete: at } : { invalidAt: -1, multibyte, complete: at };
      const [min, max] = next === 1 ? [low, high] : [0x80, 0xbf];
      if (byte < min || byte > max) return { invalidAt: at, multibyte, complete: at };
    }
    multibyte = true;
    at += length;
  }
  return { invalidAt: -1, multibyte, complete: at };
}

// Length of the sequence a lead byte of three or four starts, and the range of its second byte
// (RFC 3629: no overlong forms, no surrogates, nothing past U+10FFFF); 0 for a byte no sequence starts with.
function sequenceOf(lead: number): [number, number, number] {
  if (lead === 0xe0) return [3, 0xa0, 0xbf];
  if (lead === 0xed) return [3, 0x80, 0x9f];
  if (lead >= 0xe1 && lead <= 0xef) return [3, 0x80, 0xbf];
  if (lead === 0xf0) return [4, 0x90, 0xbf];
  if (lead >= 0xf1 && lead <= 0xf3) return [4, 0x80, 0xbf];
  if (lead === 0xf4) return [4, 0x80, 0x8f];
  return [0, 0, 0];
}
