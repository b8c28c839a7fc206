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
  const match = DECIMAL.exec(text);
  if (!match) return { ok: false, problem: 'must be a decimal with at most 13 digits before the point and 2 after' };
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const cents = (match[2] ?? '').padEnd(2, '0');
  if (/^0+$/.test(whole) && cents === '00') return { ok: false, problem: 'must be greater than 0' };
  return { ok: true, amount: `${whole}.${cents}` };
}
