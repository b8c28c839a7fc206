import {
  CamtValueError,
  type CollectedEntry,
  type CollectedTransaction,
  describePlace,
  type Found,
  readDate,
} from './camt053-entry.js';
import { isCurrencyCode } from './currency-code.js';
import { STATEMENT_LIMITS } from './statement-limits.js';
import { StatementFileError } from './statement-line.js';
import type { SummaryTally } from './statement-summary.js';

// Within an Ntry, the elements whose text is kept, by their path below the Ntry.
export const ENTRY_TEXT = new Set([
  'Amt',
  'CdtDbtInd',
  'RvslInd',
  'BookgDt/Dt',
  'BookgDt/DtTm',
  'ValDt/Dt',
  'ValDt/DtTm',
  'NtryRef',
  'AcctSvcrRef',
  'AddtlNtryInf',
  'NtryDtls/TxDtls/RmtInf/Ustrd',
]);

// Within a TxDtls/Refs, the references a bank may put the payment's reference in.
export const TRANSACTION_REFS = new Set(['AcctSvcrRef', 'EndToEndId', 'TxId', 'InstrId', 'MsgId']);
// Within a Stmt, before its entries.
export const STATEMENT_TEXT = new Set([
  'Acct/Id/IBAN',
  'Acct/Id/Othr/Id',
  'Acct/Ccy',
  'FrToDt/FrDtTm',
  'FrToDt/ToDtTm',
]);

// The other messages a bank may send by mistake, named so the refusal says what the file is.
export const OTHER_MESSAGES: Record<string, string> = {
  BkToCstmrAcctRpt: 'a camt.052 account report',
  BkToCstmrDbtCdtNtfctn: 'a camt.054 debit/credit notification',
};

/** A Stmt being read: its place, its entries so far, and the texts kept from before them. */
export interface OpenStatement {
  depth: number;
  number: number;
  entries: number;
  texts: Map<string, Found>;
  currency: string | null;
}

/** What an entry collects, before any of it is read. */
export const noTexts = () => ({
  additionalInformation: [] as string[],
  transactions: [] as CollectedTransaction[],
  transactionCount: 0,
  kept: 0,
});

// A batch booked as one entry may list thousands of transactions: the first are enough to match on.
const KEPT_TRANSACTIONS = 1_000;

/** A TxDtls opening in the entry: numbered whatever happens, kept while the entry's budget lasts. */
export function openTransaction(entry: CollectedEntry): CollectedTransaction {
  entry.transactionCount += 1;
  const transaction: CollectedTransaction = { refs: new Map(), unstructured: [] };
  if (entry.transactions.length < KEPT_TRANSACTIONS && entry.kept < STATEMENT_LIMITS.camtEntryText)
    entry.transactions.push(transaction);
  return transaction;
}

/** Whether a text an entry may have many of still fits its budget; counted when it does. */
function fits(entry: CollectedEntry, text: string): boolean {
  if (entry.kept + text.length > STATEMENT_LIMITS.camtEntryText) return false;
  entry.kept += text.length;
  return true;
}

/** Keeps the text of an element of an Ntry where the entry (or its current transaction) holds it. */
export function keepEntryText(
  entry: CollectedEntry,
  transaction: CollectedTransaction | undefined,
  path: string,
  found: Found,
  ccy: string | undefined,
): void {
  if (path.startsWith('NtryDtls/TxDtls/Refs/')) {
    const name = path.slice('NtryDtls/TxDtls/Refs/'.length);
    if (transaction !== undefined && !transaction.refs.has(name) && fits(entry, found.text))
      transaction.refs.set(name, found.text);
    return;
  }
  switch (path) {
    case 'Amt':
      entry.amount = found;
      if (ccy !== undefined) entry.currency = { text: ccy, at: found.at };
      break;
    case 'CdtDbtInd':
      entry.creditDebit = found;
      break;
    case 'RvslInd':
      entry.reversal = found;
      break;
    case 'BookgDt/Dt':
    case 'BookgDt/DtTm':
      entry.bookingDate = found;
      break;
    case 'ValDt/Dt':
    case 'ValDt/DtTm':
      entry.valueDate = found;
      break;
    case 'NtryRef':
      entry.entryReference = found.text;
      break;
    case 'AcctSvcrRef':
      entry.servicerReference = found.text;
      break;
    case 'AddtlNtryInf':
      if (fits(entry, found.text)) entry.additionalInformation.push(found.text);
      break;
    case 'NtryDtls/TxDtls/RmtInf/Ustrd':
      if (transaction !== undefined && fits(entry, found.text)) transaction.unstructured.push(found.text);
      break;
  }
}

/** The statement's account and currency, from its Acct. */
export function keepAccount(statement: OpenStatement, tally: SummaryTally, at: string): void {
  const id = (statement.texts.get('Acct/Id/IBAN') ?? statement.texts.get('Acct/Id/Othr/Id'))?.text.trim();
  tally.account(id || null);
  const currency = statement.texts.get('Acct/Ccy');
  if (currency !== undefined) {
    const code = currency.text.trim();
    if (!isCurrencyCode(code))
      throw new StatementFileError(describePlace(currency.at), `currency "${code}" is not an ISO 4217 code`);
    statement.currency = code;
    tally.stateCurrency(code, at);
  }
}

/** The statement's period, from its FrToDt. */
export function keepPeriod(statement: OpenStatement, tally: SummaryTally, at: string): void {
  const from = statement.texts.get('FrToDt/FrDtTm');
  const to = statement.texts.get('FrToDt/ToDtTm');
  if (from === undefined || to === undefined) throw new StatementFileError(at, 'FrToDt needs both FrDtTm and ToDtTm');
  try {
    const first = readDate(from);
    const last = readDate(to);
    tally.statePeriod(first, last, at);
  } catch (error) {
    if (error instanceof CamtValueError) throw new StatementFileError(describePlace(error.at), error.message);
    throw error;
  }
}

/** camt.053.001.08 and ns:Document alike: the name without its prefix. */
export function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

// Saxes starts its messages with "line:column: "; the position says where already.
export function saxesReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/^(?:[^:]*:)?\d+:\d+: /, '');
}
