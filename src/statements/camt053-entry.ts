import { isoDatePart } from '../calendar-date.js';
import { isCurrencyCode } from './currency-code.js';
import { readDecimal } from './decimal.js';
import type { CreditDebit, StatementLine } from './statement-line.js';
import { candidateReferences, foldWhitespace } from './statement-text.js';

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

export interface CollectedTransaction {
  refs: Map<string, string>;
  unstructured: string[];
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
  bookingDate?: Found;
  valueDate?: Found;
  entryReference?: string;
  servicerReference?: string;
  additionalInformation: string[];
  /** The transactions kept: the first ones, while the entry's text budget lasts (statement-limits.ts). */
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

/**
 * ISO 20022: with RvslInd true, CRDT means the original was a debit and DBIT that it was a
 * credit. So a debit that reverses is RC, the reversal of a credit, as MT940 writes it.
 */
const DIRECTION: Record<string, [CreditDebit, CreditDebit]> = { CRDT: ['C', 'RD'], DBIT: ['D', 'RC'] };

export function camtLine(entry: CollectedEntry, accountCurrency: string | null): Omit<StatementLine, 'index'> {
  if (entry.amount === undefined) throw new CamtValueError(entry.at, 'the entry has no Amt');
  if (entry.creditDebit === undefined) throw new CamtValueError(entry.at, 'the entry has no CdtDbtInd');
  const direction = DIRECTION[entry.creditDebit.text.trim()];
  if (direction === undefined)
    throw new CamtValueError(entry.creditDebit.at, `CdtDbtInd must be CRDT or DBIT, found "${entry.creditDebit.text}"`);
  const reversal = entry.reversal === undefined ? false : readBoolean(entry.reversal);

  const amountText = entry.amount.text.trim();
  const amount = readDecimal(amountText, '.');
  if (!amount.ok) throw new CamtValueError(entry.amount.at, `amount "${amountText}" ${amount.problem}`);

  let currency = accountCurrency;
  if (entry.currency !== undefined) {
    currency = entry.currency.text.trim();
    if (!isCurrencyCode(currency))
      throw new CamtValueError(entry.currency.at, `currency "${currency}" is not an ISO 4217 code`);
  }

  const valueDate = entry.valueDate === undefined ? null : readDate(entry.valueDate);
  // A booked entry always has BookgDt; one without it is taken on its value date rather than refused.
  const bookingDate = entry.bookingDate === undefined ? valueDate : readDate(entry.bookingDate);
  if (bookingDate === null)
    throw new CamtValueError(entry.at, 'the entry has no booking date (BookgDt) nor value date');

  const references = candidateReferences([
    ...entry.transactions.flatMap((tx) =>
      (['AcctSvcrRef', 'EndToEndId', 'TxId'] as const).map((name) => [name, tx.refs.get(name)] as const),
    ),
    ['AcctSvcrRef', entry.servicerReference],
    ['NtryRef', entry.entryReference],
    // Instruction and message ids name the payer's order or a whole batch: the weakest hints.
    ...entry.transactions.flatMap((tx) =>
      (['InstrId', 'MsgId'] as const).map((name) => [name, tx.refs.get(name)] as const),
    ),
  ]);

  const narration: string[] = [];
  for (const text of [...entry.additionalInformation, ...entry.transactions.flatMap((tx) => tx.unstructured)]) {
    const folded = foldWhitespace(text);
    if (folded !== '' && !narration.includes(folded)) narration.push(folded);
  }

  return {
    position: entry.path,
    bookingDate,
    valueDate,
    ...references,
    amount: amount.amount,
    creditDebit: direction[reversal ? 1 : 0],
    currency,
    narration: narration.join(' '),
    accountId: null,
    dateFromStatement: false,
  };
}

/** The day of a Dt (YYYY-MM-DD) or DtTm (an ISO 8601 date-time, its date part as written). */
export function readDate(found: Found): string {
  const text = found.text.trim();
  const date = isoDatePart(text);
  if (date === undefined) throw new CamtValueError(found.at, `date "${text}" is not a real date (YYYY-MM-DD)`);
  return date;
}

function readBoolean(found: Found): boolean {
  const text = found.text.trim();
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new CamtValueError(found.at, `RvslInd must be true or false, found "${text}"`);
}
