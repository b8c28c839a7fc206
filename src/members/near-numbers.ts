/**
 * The seven-digit member numbers a payer may have meant when they typed `typed`: one digit wrong,
 * two neighbours swapped, one digit left out or typed twice, or one left out and another added
 * (1000021 typed as 1000002). Fewer than 600 numbers, looked up through the primary key.
 */
export function nearNumbers(typed: string): string[] {
  const digits = typed.trim();
  if (!/^[0-9]{6,8}$/.test(digits)) return [];
  const near = new Set<string>();
  const removals = [...digits].map((_, at) => digits.slice(0, at) + digits.slice(at + 1));
  const insertions = (text: string) =>
    [...Array(text.length + 1).keys()].flatMap((at) =>
      [...'0123456789'].map((digit) => text.slice(0, at) + digit + text.slice(at)),
    );
  if (digits.length === 6) for (const number of insertions(digits)) near.add(number);
  if (digits.length === 8) for (const number of removals) near.add(number);
  if (digits.length === 7) {
    for (let at = 0; at < 7; at++) {
      for (const digit of '0123456789') near.add(digits.slice(0, at) + digit + digits.slice(at + 1));
      if (at < 6) near.add(digits.slice(0, at) + digits[at + 1] + digits[at] + digits.slice(at + 2));
    }
    for (const shorter of removals) for (const number of insertions(shorter)) near.add(number);
  }
  near.delete(digits);
  return [...near].filter((number) => number.length === 7).sort();
}
