/**
 * The pieces of a line's text that a notified reference may be: each run of text that starts and
 * ends at a word's edge, at most as long as a reference, within one space-free stretch. A word's
 * edge is the start or end of the stretch, or a character that is neither a letter nor a digit;
 * so "FT123" is in "REF:FT123/ABC" but not in "FT1234". In capitals, as references are compared
 * whatever their case. A reference with a space in it is found only as a whole reference field.
 */
import { MAX_REFERENCE_LENGTH } from '../payments/notification-schema.js';
import type { StatementLine } from '../statements/statement-line.js';

// Bounds the work for a narration of long space-free text (a URL, a run of punctuation): the
// words kept, and the pieces looked at in one text, repeats included.
const MAX_TOKENS_PER_LINE = 200;
const MAX_PIECES_PER_TEXT = 2000;
const WORD = /[\p{L}\p{N}]/u;

/**
 * The words a notified reference may be, each with where it is: first those within the line's
 * references (an EREF "02-04-2013 22:56 1120000153447185" holds "1120000153447185"), each but the
 * whole reference, which is matched as it is; then those of the narration.
 */
export function wordsOf(line: Pick<StatementLine, 'references' | 'referenceFields' | 'narration'>): {
  tokens: string[];
  token_fields: string[];
} {
  const tokens: string[] = [];
  const token_fields: string[] = [];
  const texts = [
    ...line.references.map((reference, i) => [reference, line.referenceFields[i] ?? 'reference'] as const),
    [line.narration, 'narration'] as const,
  ];
  const whole = new Set(line.references.map((reference) => reference.toUpperCase()));
  for (const [text, field] of texts) {
    for (const token of wordsIn(text)) {
      if (whole.has(token) || tokens.includes(token) || tokens.length === MAX_TOKENS_PER_LINE) continue;
      tokens.push(token);
      token_fields.push(field);
    }
  }
  return { tokens, token_fields };
}

function wordsIn(text: string): string[] {
  const tokens = new Set<string>();
  let pieces = 0;
  for (const stretch of text.toUpperCase().split(/\s+/)) {
    const chars = Array.from(stretch);
    const starts = [0];
    const ends: number[] = [];
    chars.forEach((char, i) => {
      if (WORD.test(char)) return;
      starts.push(i + 1);
      ends.push(i);
    });
    ends.push(chars.length);
    // Both lists are in order: for each start, only the ends within a reference's length of it.
    // A reference starts and ends with a letter or digit: a run of punctuation costs nothing.
    let first = 0;
    for (const start of starts) {
      while (first < ends.length && (ends[first] as number) <= start) first += 1;
      if (!WORD.test(chars[start] ?? '')) continue;
      for (let at = first; at < ends.length && (ends[at] as number) - start <= MAX_REFERENCE_LENGTH; at += 1) {
        const end = ends[at] as number;
        if (!WORD.test(chars[end - 1] ?? '')) continue;
        tokens.add(chars.slice(start, end).join(''));
        pieces += 1;
        if (tokens.size === MAX_TOKENS_PER_LINE || pieces === MAX_PIECES_PER_TEXT) return [...tokens];
      }
    }
  }
  return [...tokens];
}
