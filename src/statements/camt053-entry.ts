import { isoDatePart } from '../calendar-date.js';
import { isCurrencyCode } from './currency-code.js';
import { readDecimal } from './decimal.js';

/** An open or read XML element, linked to its parent so its path is worked out only when an error needs it. */
export interface XmlElement {
  name: string;
  /** The name as a path shows it: Stmt[2], Ntry[7], TxDtls[1], or the name alone. */
  label: string;
  /** Path of names below the open Ntry, or the open Stmt outside entries: NtryDtls/TxDtls/Refs. */
  rel: string;
  parent: XmlElement | undefined;
}

export interface Place {
  element: XmlElement;
  line: number;
}

/** "Stmt[1]/Ntry[7]/Amt (line 123)": from the statement down, or from the root outside statements. */
export function describePlace({ element, line }: Place): string {
  const labels: string[] = [];
  for (let at: XmlElement | undefined = element; at !== undefined; at = at.parent) {
    labels.push(at.label);
    if (at.label.startsWith('Stmt[')) break;
  }
  return `${labels.reverse().join('/')} (line ${line})`;
}

/** An element's text and where it was, so a bad value can be named. */
export interface Found {
  text: string;
  at: Place;
}

/** One TxDtls of an entry: its own references, texts, and (for a batch) amount and direction. */
export interface CollectedTransaction {
  /** 1-based among the entry's TxDtls: TxDtls[2]. */
  number: number;
  /** [field, value] in the order read: Refs/EndToEndId, RmtInf/Strd/CdtrRefInf/Ref... */
  refs: Array<[string, string]>;
  /** RmtInf/Ustrd and AddtlTxInf. */
  texts: string[];
  amount?: Found;
  currency?: Found;
  creditDebit?: Found;
}

/** What an Ntry said, gathered while it was read; nothing is judged until it closes. */
export interface CollectedEntry {
  /** Stmt[1]/Ntry[3]: the line's position. */
  path: string;
  /** The Ntry and the XML line it starts on, for errors. */
  at: Place;
  amount?: Found;
  currency?: Found;
  creditDebit?: Found;
  reversal?: Found;
  /** Sts, its code's text whichever form it takes: BOOK, PDNG, INFO... */
  status?: Found;
  bookingDate?: Found;
  valueDate?: Found;
  entryReference?: string;
  servicerReference?: string;
  additionalInformation: string[];
  /** The transactions kept: the first ones (camt053-fields.ts). */
  transactions: CollectedTransaction[];
  /** Every TxDtls read, kept or not: they are numbered by it. */
  transactionCount: number;
  /** Characters of references and free text kept. */
  kept: number;
}

/** Thrown with the element it is about; the caller adds the file's own words around it. */
export class CamtValueError extends Error {
  constructor(
    readonly at: Place,
    reason: string,
  ) {
    super(reason);
  }
}

/** The day of a Dt (YYYY-MM-DD) or DtTm (an ISO 8601 date-time, its date part as written). */
export function readDate(found: Found): string {
  const text = found.text.trim();
  const date = isoDatePart(text);
  if (date === undefined) throw new CamtValueError(found.at, `date "${text}" is not a real date (YYYY-MM-DD)`);
  return date;
}

export function readBoolean(found: Found, name: string): boolean {
  const text = found.text.trim();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new CamtValueError(found.at, `${name} must be true or false, found "${text}"`);
}

/** "1500.50" from an Amt, or the reason it is no amount. */
export function readAmount(found: Found): string {
  const text = found.text.trim();
  const amount = readDecimal(text, '.');
  if (!amount.ok) throw new CamtValueError(found.at, `amount "${text}" ${amount.problem}`);
  return amount.amount;
}

/**
 * A Ccy as an ISO 4217 code. XXX is ISO 4217's own "no currency involved", which banks' test
 * and redacted exports write: it is read as a Ccy left out (null), the statement's currency or
 * none, rather than refusing the file. The amount is still matched and the reference still
 * found; a payment in any currency may then match on them (docs/DECISIONS.md, how a camt.053 file is read).
 */
export function readCurrency(found: Found): string | null {
  const code = found.text.trim();
  if (code === 'XXX') return null;
  if (!isCurrencyCode(code)) throw new CamtValueError(found.at, `currency "${code}" is not an ISO 4217 code`);
  return code;
}
