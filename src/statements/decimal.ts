export type DecimalResult = { ok: true; amount: string } | { ok: false; problem: string };

const UNSIGNED = { '.': /^(\d+)(?:\.(\d*))?$/, ',': /^(\d+)(?:,(\d*))?$/ } as const;

/**
 * An unsigned amount as a statement writes it ("1500,50", "1500,", "1500.5") to the exact decimal
 * string with two places that `numeric(15,2)` stores, read as text so no float ever rounds it.
 * Zero is allowed: a statement may carry a zero entry, and the direction is never in the sign.
 * Decimals past the second are allowed only when they are zeros ("1500.500"), which loses nothing;
 * src/payments/amount.ts is stricter because a payment of zero is meaningless.
 */
export function readDecimal(text: string, separator: '.' | ','): DecimalResult {
  const match = UNSIGNED[separator].exec(text);
  if (!match) return { ok: false, problem: 'is not a number' };
  const whole = (match[1] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) return { ok: false, problem: 'has more than two decimal places' };
  if (whole.length > 13) return { ok: false, problem: 'has more than 13 digits before the decimal point' };
  return { ok: true, amount: `${whole}.${fraction.padEnd(2, '0')}` };
}
