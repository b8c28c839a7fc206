export const MAX_NAME_LENGTH = 200;

// Characters that change the order in which the text around them is shown: embeddings and
// overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the invisible direction marks (U+200E,
// U+200F, U+061C). A name is one short run of text and needs none of them; with them, a name can
// be shown to a bank's teller as something other than what is stored (one that reads "Amina
// Otieno" can hold other letters in another order), and the marks are invisible besides.
const DIRECTION = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/u;
// Line and paragraph separators (U+2028, U+2029) end a line as a line break does.
const SEPARATOR = /[\p{Zl}\p{Zp}]/u;

const codePoint = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * A member's full name as banks will be told it: trimmed, not empty, bounded, without control
 * characters or line separators (a NUL cannot be stored; a line break would reach a bank's
 * screen), and without characters that change the direction of the text.
 */
export function readFullName(input: string): { name: string } | { problem: string } {
  const name = input.trim();
  if (name === '') return { problem: 'must not be empty' };
  if (name.length > MAX_NAME_LENGTH) return { problem: `must be at most ${MAX_NAME_LENGTH} characters` };
  if (/\p{Cc}/u.test(name) || SEPARATOR.test(name))
    return { problem: 'must not contain control characters such as line breaks' };
  const direction = DIRECTION.exec(name)?.[0];
  if (direction !== undefined)
    return { problem: `must not contain a character that changes the direction of text (${codePoint(direction)})` };
  return { name };
}
