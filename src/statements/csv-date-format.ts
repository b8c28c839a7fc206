import { calendarDate } from '../calendar-date.js';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const FULL_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

type Part = 'year4' | 'year2' | 'month' | 'monthName' | 'day';
// Longest first, so YYYY is not read as YY twice and MMM not as MM then M.
const TOKENS: [string, Part, string][] = [
  ['YYYY', 'year4', '(\\d{4})'],
  ['YY', 'year2', '(\\d{2})'],
  ['MMM', 'monthName', '([A-Za-z]{3,9})'],
  ['MM', 'month', '(\\d{2})'],
  ['M', 'month', '(\\d{1,2})'],
  ['DD', 'day', '(\\d{2})'],
  ['D', 'day', '(\\d{1,2})'],
];

/**
 * A date format such as "DD/MM/YYYY", "DD-MMM-YYYY" or "YYYYMMDD": tokens YYYY, YY, MM, M, DD, D and
 * MMM (Jan..Dec or the full name, any case), any other character standing for itself. Tokens may be
 * written in lower case. A time after the date in the cell ("23/11/2026 10:15") is ignored.
 */
export class DateFormat {
  private constructor(
    private readonly pattern: RegExp,
    private readonly parts: Part[],
  ) {}

  /** The format, or a plain-English problem with it. */
  static compile(format: string): DateFormat | string {
    const upper = format.toUpperCase();
    let source = '';
    const parts: Part[] = [];
    for (let at = 0; at < upper.length; ) {
      const token = TOKENS.find(([text]) => upper.startsWith(text, at));
      if (token) {
        source += token[2];
        parts.push(token[1]);
        at += token[0].length;
        continue;
      }
      const char = upper[at] ?? '';
      if (/[A-Z0-9]/.test(char))
        return `"${format}" has "${format[at]}", which is no date token (YYYY, YY, MM, M, MMM, DD, D)`;
      source += char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      at += 1;
    }
    const years = parts.filter((part) => part === 'year4' || part === 'year2').length;
    const months = parts.filter((part) => part === 'month' || part === 'monthName').length;
    const days = parts.filter((part) => part === 'day').length;
    if (years !== 1 || months !== 1 || days !== 1)
      return `"${format}" must name the year, the month and the day once each`;
    return new DateFormat(new RegExp(`^${source}(?:[T\\s].*)?$`, 's'), parts);
  }

  /**
   * YYYY-MM-DD; undefined when the cell does not have the format's shape at all ("Total", "");
   * null when it has the shape but names no day on the calendar (31/02/2026).
   */
  read(cell: string): string | null | undefined {
    const match = this.pattern.exec(cell);
    if (!match) return undefined;
    let year = 0;
    let month = 0;
    let day = 0;
    for (const [index, part] of this.parts.entries()) {
      const text = match[index + 1] ?? '';
      if (part === 'year4') year = Number(text);
      // Two-digit years are this century's: no statement this service reads is older.
      else if (part === 'year2') year = 2000 + Number(text);
      else if (part === 'month') month = Number(text);
      else if (part === 'monthName') month = monthNumber(text);
      else day = Number(text);
    }
    if (month === 0) return undefined;
    return calendarDate(year, month, day) ?? null;
  }
}

function monthNumber(name: string): number {
  const lower = name.toLowerCase();
  const short = MONTHS.indexOf(lower);
  if (short >= 0) return short + 1;
  const full = FULL_MONTHS.indexOf(lower);
  if (full >= 0) return full + 1;
  return lower === 'sept' ? 9 : 0;
}
