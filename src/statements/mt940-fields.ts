import { calendarDate, daysBetween } from '../calendar-date.js';
import { isCurrencyCode } from './currency-code.js';
import { readDecimal } from './decimal.js';
import type { CreditDebit } from './statement-line.js';

/** What a :61: line says, before the :86: that may follow it. */
export interface Mt940Entry {
  valueDate: string;
  bookingDate: string;
  creditDebit: CreditDebit;
  amount: string;
  transactionType: string;
  customerReference: string;
  bankReference: string;
}

export interface Mt940Balance {
  date: string;
  currency: string;
  amount: string;
}

/** Thrown by the readers here with the reason only; the caller knows the line. */
export class Mt940FieldError extends Error {}

const YYMMDD = /^(\d{2})(\d{2})(\d{2})/;

/**
 * :61: is 6!n[4!n]2a[1!a]15d1!a3!c16x[//16x]: value date, entry date, mark, funds code, amount,
 * transaction type, customer reference, bank reference (banks' departures from it are read too). The supplementary details [34x] come on
 * the next line and are the caller's.
 */
export function readStatementLine(content: string): Mt940Entry {
  const date = YYMMDD.exec(content);
  if (!date) throw new Mt940FieldError(`a :61: line must start with a date YYMMDD, found "${content.slice(0, 6)}"`);
  const valueDate = yymmdd(date[0]);
  let rest = content.slice(6);

  let bookingDate = valueDate;
  const entry = /^\d{4}/.exec(rest);
  if (entry) {
    bookingDate = entryDate(entry[0], valueDate);
    rest = rest.slice(4);
  }

  const mark = /^(RC|RD|C|D)/.exec(rest);
  if (!mark) throw new Mt940FieldError(`after the date a :61: line needs C, D, RC or RD, found "${rest.slice(0, 2)}"`);
  const creditDebit = mark[0] as CreditDebit;
  rest = rest.slice(mark[0].length);
  // The funds code, the third letter of the currency, tells nothing the statement does not.
  if (/^[A-Z]/.test(rest)) rest = rest.slice(1);

  const amountText = /^[\d.,]*/.exec(rest)?.[0] ?? '';
  if (amountText === '') throw new Mt940FieldError(`a :61: line needs an amount after ${creditDebit}`);
  const amount = mt940Amount(amountText);
  rest = rest.slice(amountText.length);

  // A few banks put a space between the amount and the type.
  rest = rest.replace(/^ +/, '');
  // The type is a letter and three characters: SWIFT's N, F or S codes (NTRF, S103), or a bank's
  // own padded with spaces ("NIT ", "NAC ", "S   "). Some banks leave it out when there is no
  // customer reference either, and go straight to the bank reference ("C220000,00//19239782213").
  let transactionType = '';
  if (rest !== '' && !rest.startsWith('//')) {
    const type = /^[A-Z][A-Z0-9 ]{3}/.exec(rest);
    if (!type)
      throw new Mt940FieldError(
        `after the amount a :61: line needs a transaction type such as NTRF or NMSC, found "${rest.slice(0, 4)}"`,
      );
    transactionType = type[0].trim();
    rest = rest.slice(4);
  }

  const split = rest.indexOf('//');
  return {
    valueDate,
    bookingDate,
    creditDebit,
    amount,
    transactionType,
    customerReference: (split < 0 ? rest : rest.slice(0, split)).trim(),
    bankReference: split < 0 ? '' : rest.slice(split + 2).trim(),
  };
}

/** :60F:, :60M:, :62F:, :62M: are 1!a6!n3!a15d: mark, date, currency, amount. */
export function readBalance(tag: string, content: string): Mt940Balance {
  const match = /^([CD])(\d{6})([A-Z]{3})([\d.,]+)$/.exec(content.trim());
  if (!match)
    throw new Mt940FieldError(
      `a :${tag}: balance must read C or D, a date YYMMDD, a currency and an amount, such as C261123KES1500,00; ` +
        `found "${content.trim()}"`,
    );
  const currency = match[3] ?? '';
  if (!isCurrencyCode(currency)) throw new Mt940FieldError(`currency "${currency}" is not an ISO 4217 code`);
  return { date: yymmdd(match[2] ?? ''), currency, amount: mt940Amount(match[4] ?? '') };
}

function yymmdd(text: string): string {
  const [, yy, mm, dd] = YYMMDD.exec(text) ?? [];
  // SWIFT years are two digits; every statement this service will see is from this century.
  const date = calendarDate(2000 + Number(yy), Number(mm), Number(dd));
  if (date === undefined) throw new Mt940FieldError(`date "${text}" is not a real date (YYMMDD)`);
  return date;
}

/**
 * The entry date has no year. It is the year that puts it nearest the value date, so an entry
 * booked 31 December for value 2 January falls in the year before it.
 */
function entryDate(mmdd: string, valueDate: string): string {
  const month = Number(mmdd.slice(0, 2));
  const day = Number(mmdd.slice(2));
  const year = Number(valueDate.slice(0, 4));
  let best: string | undefined;
  for (const candidate of [year - 1, year, year + 1]) {
    const date = calendarDate(candidate, month, day);
    if (date === undefined) continue;
    if (best === undefined || Math.abs(daysBetween(valueDate, date)) < Math.abs(daysBetween(valueDate, best)))
      best = date;
  }
  if (best === undefined) throw new Mt940FieldError(`entry date "${mmdd}" is not a real date (MMDD)`);
  return best;
}

/**
 * MT940 writes a decimal comma ("1500,50"); some banks' older exports (Rabobank's) a decimal
 * point ("000000000300.00"). MT940 has no thousands separator, so a lone point is the decimal one.
 */
function mt940Amount(text: string): string {
  const read = readDecimal(text, /^\d+\.\d*$/.test(text) ? '.' : ',');
  if (read.ok) return read.amount;
  throw new Mt940FieldError(`amount "${text}" ${read.problem}`);
}
