export const MAX_NAME_LENGTH = 200;

/**
 * A member's full name as banks will be told it: trimmed, not empty, bounded, and without
 * control characters (a NUL cannot be stored; a line break would reach a bank's screen).
 */
export function readFullName(input: string): { name: string } | { problem: string } {
  const name = input.trim();
  if (name === '') return { problem: 'must not be empty' };
  if (name.length > MAX_NAME_LENGTH) return { problem: `must be at most ${MAX_NAME_LENGTH} characters` };
  if (/\p{Cc}/u.test(name)) return { problem: 'must not contain control characters such as line breaks' };
  return { name };
}
