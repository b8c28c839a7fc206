import {
  CamtValueError,
  type CollectedEntry,
  type CollectedTransaction,
  type Found,
  readAmount,
  readBoolean,
  readCurrency,
  readDate,
} from './camt053-entry.js';
import type { CreditDebit, StatementLine } from './statement-line.js';
import { candidateReferences, foldWhitespace } from './statement-text.js';

/** What a line takes from its Stmt: its account and currency and, for an entry without BookgDt nor ValDt, its date. */
export interface StatementContext {
  accountId: string | null;
  currency: string | null;
  date(): string | undefined;
}

/**
 * ISO 20022: with RvslInd true, CRDT means the original was a debit and DBIT that it was a
 * credit. So a debit that reverses is RC, the reversal of a credit, as MT940 writes it.
 */
const DIRECTION: Record<string, [CreditDebit, CreditDebit]> = { CRDT: ['C', 'RD'], DBIT: ['D', 'RC'] };

/**
 * Entries a statement lists though the bank has not booked them: PDNG (pending, it may still be
 * booked another day or not at all) and INFO (for information only). Their lines are kept, as
 * the file lists them, and say so; they do not stretch the days the statement covers. BOOK and
 * FUTR (booked, its value to come) are booked; so is an entry that gives no status or one of
 * its bank's own (Prtry) other than these codes.
 */
const NOT_BOOKED = new Set(['PDNG', 'INFO']);

const sameAs = (direction: CreditDebit): [CreditDebit, CreditDebit] => (direction === 'C' ? ['C', 'RD'] : ['D', 'RC']);

function readDirection(found: Found): [CreditDebit, CreditDebit] {
  const direction = DIRECTION[found.text.trim()];
  if (direction === undefined)
    throw new CamtValueError(found.at, `CdtDbtInd must be CRDT or DBIT, found "${found.text}"`);
  return direction;
}

// A transaction's references, most specific first. Instruction and message ids name the payer's
// order or a whole batch: the weakest hints, after the entry's own references.
const STRONG = ['TxDtls/AcctSvcrRef', 'EndToEndId', 'TxId', 'CdtrRefInf/Ref'];
const WEAK = ['InstrId', 'MsgId'];

type Candidate = readonly [string, string | undefined];

function pushRefs(into: Candidate[], transactions: CollectedTransaction[], fields: string[]): void {
  for (const tx of transactions)
    for (const name of fields) for (const ref of tx.refs) if (ref[0] === name) into.push(ref);
}

type Shared = Pick<StatementLine, 'bookingDate' | 'valueDate' | 'dateFromStatement' | 'currency' | 'accountId'>;

/** A line of the entry, for all of its transactions or for one of a batch; its index and account part are given when it is counted. */
function lineOf(
  entry: CollectedEntry,
  shared: Shared,
  position: string,
  transactions: CollectedTransaction[],
  amount: string,
  creditDebit: CreditDebit,
): StatementLine {
  const candidates: Candidate[] = [];
  pushRefs(candidates, transactions, STRONG);
  candidates.push(['AcctSvcrRef', entry.servicerReference], ['NtryRef', entry.entryReference]);
  pushRefs(candidates, transactions, WEAK);
  const { references, referenceFields } = candidateReferences(candidates);
  const texts = [...entry.additionalInformation];
  for (const tx of transactions) texts.push(...tx.texts);
  const { bookingDate, valueDate, dateFromStatement, currency, accountId } = shared;
  const narration = narrationOf(texts);
  return {
    position,
    index: 0,
    bookingDate,
    valueDate,
    references,
    referenceFields,
    amount,
    creditDebit,
    currency,
    narration,
    accountId,
    accountPart: 0,
    dateFromStatement,
  };
}

/** The lines of an entry: one, or one per transaction of a batch (see `batchOf`). */
export function entryLines(entry: CollectedEntry, statement: StatementContext): StatementLine[] {
  if (entry.amount === undefined) throw new CamtValueError(entry.at, 'the entry has no Amt');
  if (entry.creditDebit === undefined) throw new CamtValueError(entry.at, 'the entry has no CdtDbtInd');
  const direction = readDirection(entry.creditDebit);
  const reversed = entry.reversal === undefined ? false : readBoolean(entry.reversal, 'RvslInd');
  const amount = readAmount(entry.amount);
  const entryCurrency = entry.currency === undefined ? null : readCurrency(entry.currency);
  const currency = entryCurrency ?? statement.currency;

  const valueDate = entry.valueDate === undefined ? null : readDate(entry.valueDate);
  // An entry's day is its own: BookgDt, else its value date (ValDt). Only one that gives neither
  // is taken on the statement's day, and says so.
  const own = (entry.bookingDate === undefined ? undefined : readDate(entry.bookingDate)) ?? valueDate ?? undefined;
  const stated = own === undefined ? statement.date() : undefined;
  const bookingDate = own ?? stated;
  if (bookingDate === undefined)
    throw new CamtValueError(
      entry.at,
      'the entry has no booking date (BookgDt) nor value date, nor its statement a date',
    );
  const dateFromStatement = stated !== undefined;

  const shared = { bookingDate, valueDate, dateFromStatement, currency, accountId: statement.accountId };
  const batch = batchOf(entry, amount, direction[0], currency);
  const lines =
    batch === undefined
      ? [lineOf(entry, shared, entry.path, entry.transactions, amount, direction[reversed ? 1 : 0])]
      : batch.map((part) =>
          lineOf(
            entry,
            shared,
            `${entry.path}/TxDtls[${part.tx.number}]`,
            [part.tx],
            part.amount,
            part.direction[reversed ? 1 : 0],
          ),
        );
  if (entry.status !== undefined && NOT_BOOKED.has(entry.status.text.trim().toUpperCase()))
    for (const line of lines) line.pending = true;
  return lines;
}

function narrationOf(texts: string[]): string {
  const narration: string[] = [];
  for (const text of texts) {
    const folded = foldWhitespace(text);
    if (folded !== '' && !narration.includes(folded)) narration.push(folded);
  }
  return narration.join(' ');
}

const cents = (amount: string) => BigInt(amount.replace('.', ''));

/**
 * A batch: an entry that books several transactions as one sum, each with its own amount and
 * references, is read as one line per transaction, so that each payment notified on its own can
 * match its line. It stays one line (the entry's amount, every transaction's references) when
 * the transactions cannot stand for the entry: fewer than two; some not kept (past the cap of
 * camt053-fields.ts); one without its own amount (TxDtls/Amt or AmtDtls/TxAmt/Amt) or in another
 * currency than the entry's (an original amount before conversion); or amounts that do not add
 * up, with their own directions, to the entry's. Lines that add up to something else than the
 * bank booked would move the statement's totals away from the bank's.
 */
function batchOf(entry: CollectedEntry, amount: string, direction: CreditDebit, currency: string | null) {
  const transactions = entry.transactions;
  if (transactions.length < 2 || transactions.length !== entry.transactionCount) return undefined;
  if (transactions.some((tx) => tx.amount === undefined)) return undefined;
  const parts = transactions.map((tx) => ({
    tx,
    amount: readAmount(tx.amount as Found),
    currency: tx.currency === undefined ? null : readCurrency(tx.currency),
    direction: tx.creditDebit === undefined ? sameAs(direction) : readDirection(tx.creditDebit),
  }));
  if (parts.some((part) => part.currency !== null && part.currency !== currency)) return undefined;
  const signed = (value: string, credit: boolean) => (credit ? cents(value) : -cents(value));
  const total = parts.reduce((sum, part) => sum + signed(part.amount, part.direction[0] === 'C'), 0n);
  if (total !== signed(amount, direction === 'C')) return undefined;
  return parts;
}
