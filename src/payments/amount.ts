const DECIMAL = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

export type AmountResult = { ok: true; amount: string } | { ok: false; problem: string };

/**
 * An amount as the bank sends it, a JSON number or a decimal string, to the exact decimal
 * string with two places that `numeric(15,2)` stores ("1500.5" and 1500.5 both give "1500.50").
 * A JSON number is read through its shortest text form, which is exact for the fifteen
 * significant digits allowed here.
 */
export function parseAmount(input: string | number): AmountResult {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input.trim();
  if (text.startsWith('-')) return { ok: false, problem: 'must be greater than 0' };
  const [, digits, fraction = ''] = DECIMAL.exec(text) ?? [];
  if (digits === undefined) {
    return { ok: false, problem: 'must be a decimal with at most 13 digits before the point and 2 after' };
  }
  const whole = digits.replace(/^0+(?=\d)/, '');
  const cents = fraction.padEnd(2, '0');
  if (/^0+$/.test(whole) && cents === '00') return { ok: false, problem: 'must be greater than 0' };
  return { ok: true, amount: `${whole}.${cents}` };
}

/** The exact sum of decimal strings with two places ("1500.50"), in cents as a BigInt, so no float ever rounds it. */
export function sumAmounts(amounts: Iterable<string>): string {
  let cents = 0n;
  for (const amount of amounts) cents += BigInt(amount.replace('.', ''));
  const text = cents.toString().padStart(3, '0');
  return `${text.slice(0, -2)}.${text.slice(-2)}`;
}

/** "2500.5" as "2,500.50": an exact decimal, grouped, never through a float. */
export function grouped(amount: string): string {
  const [whole = '0', fraction = ''] = amount.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction.padEnd(2, '0')}`;
}
