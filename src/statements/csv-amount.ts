import { readDecimal } from './decimal.js';

export type CsvAmount = { ok: true; amount: string; negative: boolean } | { ok: false; problem: string };

// Spaces, apostrophes (Swiss), no-break and narrow no-break spaces group thousands, as does the
// one of '.' and ',' that is not the decimal separator.
const GROUPING = "[ '\u00a0\u202f]";

/**
 * A CSV amount cell: "1,500.50", "1.500,50", "-1500.50", "1500.50-", "(1500.50)", "1500.50 DR",
 * "DR 1500.50", "1500.50 CR", "+1500". Thousands separators must group digits in threes (or
 * the Indian 2-2-3) so that a decimal separator set the wrong way round is refused, not read as
 * an amount a hundred times too large.
 */
export function readCsvAmount(cell: string, decimalSeparator: '.' | ','): CsvAmount {
  let text = cell.trim();
  let negative = false;
  let marked = false;
  const mark = (sign: boolean) => {
    if (marked) return false;
    marked = true;
    negative = sign;
    return true;
  };
  const suffix = /\s*(DR|CR)$/i.exec(text);
  if (suffix && /\d/.test(text.slice(0, suffix.index))) {
    mark(suffix[1]?.toUpperCase() === 'DR');
    text = text.slice(0, suffix.index);
  }
  const prefix = /^(DR|CR)\s*/i.exec(text);
  if (prefix) {
    if (!mark(prefix[1]?.toUpperCase() === 'DR')) return { ok: false, problem: 'has two debit/credit marks' };
    text = text.slice(prefix[0].length);
  }
  if (text.startsWith('(') && text.endsWith(')')) {
    if (!mark(true)) return { ok: false, problem: 'has two signs' };
    text = text.slice(1, -1).trim();
  }
  if (text.startsWith('-') || text.endsWith('-')) {
    if (!mark(true)) return { ok: false, problem: 'has two signs' };
    text = text.startsWith('-') ? text.slice(1) : text.slice(0, -1);
  } else if (text.startsWith('+')) {
    if (!mark(false)) return { ok: false, problem: 'has two signs' };
    text = text.slice(1);
  }
  text = text.trim();
  const thousands = decimalSeparator === '.' ? ',' : '.';
  const point = text.lastIndexOf(decimalSeparator);
  const whole = point < 0 ? text : text.slice(0, point);
  const fraction = point < 0 ? '' : text.slice(point);
  const separator = `(?:${GROUPING}|\\${thousands})`;
  const grouped = new RegExp(`^\\d{1,3}(?:${separator}\\d{3})+$|^\\d{1,2}(?:${separator}\\d{2})+${separator}\\d{3}$`);
  if (/\D/.test(whole) && !grouped.test(whole))
    return { ok: false, problem: `is not a number with "${decimalSeparator}" as the decimal separator` };
  const read = readDecimal(whole.replace(/\D/g, '') + fraction, decimalSeparator);
  if (!read.ok) return read;
  return { ok: true, amount: read.amount, negative };
}
