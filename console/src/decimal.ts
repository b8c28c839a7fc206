/** Exact sums of the API's decimal strings ("1500.00"): money is never added as floating point. */
export function addDecimals(values: readonly string[]): string {
  const scale = Math.max(0, ...values.map((v) => v.split('.')[1]?.length ?? 0));
  const units = values.reduce((sum, value) => {
    const [whole = '0', fraction = ''] = value.split('.');
    const negative = whole.startsWith('-');
    const digits = BigInt(`${whole.replace('-', '')}${fraction.padEnd(scale, '0')}`);
    return sum + (negative ? -digits : digits);
  }, 0n);
  const text = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
  const sign = units < 0n ? '-' : '';
  return scale === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -scale)}.${text.slice(-scale)}`;
}

/** "1234567.5" → "1,234,567.50": grouped for reading, never rounded. */
export function formatMoney(value: string, currency?: string | null): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const amount = fraction ? `${grouped}.${fraction.padEnd(2, '0')}` : grouped;
  return currency ? `${currency} ${amount}` : amount;
}
