/**
 * The pieces of a narration that a notified reference may be: each run of text that starts and
 * ends at a word's edge, at most as long as a reference, within one space-free stretch. A word's
 * edge is the start or end of the stretch, or a character that is neither a letter nor a digit;
 * so "FT123" is in "REF:FT123/ABC" but not in "FT1234". In capitals, as references are compared
 * whatever their case. A reference with a space in it is found only in the reference fields.
 */
import { MAX_REFERENCE_LENGTH } from '../payments/notification.js';

// Bounds the work for a narration of long space-free text (a URL, a run of punctuation).
const MAX_TOKENS_PER_LINE = 200;
const WORD = /[\p{L}\p{N}]/u;

export function narrationTokens(narration: string): string[] {
  const tokens = new Set<string>();
  for (const stretch of narration.toUpperCase().split(/\s+/)) {
    const chars = Array.from(stretch);
    const starts = [0];
    const ends: number[] = [];
    chars.forEach((char, i) => {
      if (WORD.test(char)) return;
      starts.push(i + 1);
      ends.push(i);
    });
    ends.push(chars.length);
    for (const start of starts) {
      for (const end of ends) {
        if (end <= start || end - start > MAX_REFERENCE_LENGTH) continue;
        const token = chars.slice(start, end).join('');
        if (!WORD.test(token)) continue;
        tokens.add(token);
        if (tokens.size === MAX_TOKENS_PER_LINE) return [...tokens];
      }
    }
  }
  return [...tokens];
}
