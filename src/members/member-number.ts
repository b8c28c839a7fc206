const MEMBER_NUMBER = /^[0-9]{7}$/;

/**
 * A Member Number as the bank sends it: surrounding whitespace (what String.prototype.trim
 * removes) is ignored, and what remains must be exactly seven ASCII digits.
 * Returns the trimmed number, or undefined when the string names no member.
 */
export function normalizeMemberNumber(input: string): string | undefined {
  const trimmed = input.trim();
  return MEMBER_NUMBER.test(trimmed) ? trimmed : undefined;
}
