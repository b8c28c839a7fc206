/** Quotes a value for a POSIX shell, leaving plain values bare so the printed commands stay readable. */
export function shellQuote(value: string): string {
  return /^[A-Za-z0-9_\-.~:/@%+=,]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
