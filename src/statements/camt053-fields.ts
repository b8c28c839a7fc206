import { MAX_REFERENCE_LENGTH } from '../payments/notification-schema.js';
import type { CollectedEntry, CollectedTransaction, Found } from './camt053-entry.js';
import { STATEMENT_LIMITS } from './statement-limits.js';

// Within an Ntry, the elements whose text is kept, by their path below the Ntry.
export const ENTRY_TEXT = new Set([
  'Amt',
  'CdtDbtInd',
  'RvslInd',
  // The whole Sts: BOOK in .02 to .06, <Cd>BOOK</Cd> or <Prtry>..</Prtry> from .07 on.
  'Sts',
  'BookgDt/Dt',
  'BookgDt/DtTm',
  'ValDt/Dt',
  'ValDt/DtTm',
  'NtryRef',
  'AcctSvcrRef',
  'AddtlNtryInf',
  'NtryDtls/TxDtls/Amt',
  'NtryDtls/TxDtls/AmtDtls/TxAmt/Amt',
  'NtryDtls/TxDtls/CdtDbtInd',
  'NtryDtls/TxDtls/RmtInf/Ustrd',
  'NtryDtls/TxDtls/RmtInf/Strd/CdtrRefInf/Ref',
  'NtryDtls/TxDtls/AddtlTxInf',
]);

// Within a TxDtls/Refs, the references a bank may put the payment's reference in, with the name
// a line gives their field (the entry's own AcctSvcrRef is plain "AcctSvcrRef").
export const TRANSACTION_REFS: Record<string, string> = {
  AcctSvcrRef: 'TxDtls/AcctSvcrRef',
  EndToEndId: 'EndToEndId',
  TxId: 'TxId',
  InstrId: 'InstrId',
  MsgId: 'MsgId',
};

// The other messages a bank may send by mistake, named so the refusal says what the file is.
export const OTHER_MESSAGES: Record<string, string> = {
  BkToCstmrAcctRpt: 'a camt.052 account report',
  BkToCstmrDbtCdtNtfctn: 'a camt.054 debit/credit notification',
};

/** What an entry collects, before any of it is read. */
export const noTexts = () => ({
  additionalInformation: [] as string[],
  transactions: [] as CollectedTransaction[],
  transactionCount: 0,
  kept: 0,
});

/**
 * A batch booked as one entry may list thousands of transactions. The first thousand are kept,
 * each with its amount, direction and references (a few hundred kilobytes at most), its longer
 * references and texts while the entry's text budget (statement-limits.ts) lasts; an entry of
 * more stays one line (camt053-lines.ts).
 */
const KEPT_TRANSACTIONS = 1_000;

/** A TxDtls opening in the entry: numbered whatever happens, kept while there is room. */
export function openTransaction(entry: CollectedEntry): CollectedTransaction {
  entry.transactionCount += 1;
  const transaction: CollectedTransaction = { number: entry.transactionCount, refs: [], texts: [] };
  if (entry.transactions.length < KEPT_TRANSACTIONS) entry.transactions.push(transaction);
  return transaction;
}

/** Whether a text an entry may have many of still fits its budget; counted when it does. */
function fits(entry: CollectedEntry, text: string): boolean {
  if (entry.kept + text.length > STATEMENT_LIMITS.camtEntryText) return false;
  entry.kept += text.length;
  return true;
}

// An amount, a code or a date is short; one of thousands of characters is wrong, and is kept
// only as far as its refusal needs, so a thousand of them take no room.
const short = (found: Found): Found =>
  found.text.length > 64 ? { text: `${found.text.trim().slice(0, 64)}…`, at: found.at } : found;

/** Keeps the text of an element of an Ntry where the entry (or its current transaction) holds it. */
export function keepEntryText(
  entry: CollectedEntry,
  transaction: CollectedTransaction | undefined,
  path: string,
  found: Found,
  ccy: string | undefined,
): void {
  if (path.startsWith('NtryDtls/TxDtls/')) {
    if (transaction !== undefined) keepTransactionText(entry, transaction, path.slice(16), found, ccy);
    return;
  }
  switch (path) {
    case 'Amt':
      entry.amount = short(found);
      if (ccy !== undefined) entry.currency = short({ text: ccy, at: found.at });
      break;
    case 'CdtDbtInd':
      entry.creditDebit = short(found);
      break;
    case 'RvslInd':
      entry.reversal = short(found);
      break;
    case 'Sts':
      entry.status = short(found);
      break;
    case 'BookgDt/Dt':
    case 'BookgDt/DtTm':
      entry.bookingDate = short(found);
      break;
    case 'ValDt/Dt':
    case 'ValDt/DtTm':
      entry.valueDate = short(found);
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
  }
}

function keepTransactionText(
  entry: CollectedEntry,
  transaction: CollectedTransaction,
  path: string,
  found: Found,
  ccy: string | undefined,
): void {
  const field = path.startsWith('Refs/')
    ? TRANSACTION_REFS[path.slice(5)]
    : path === 'RmtInf/Strd/CdtrRefInf/Ref'
      ? 'CdtrRefInf/Ref'
      : undefined;
  if (field !== undefined) {
    // Each transaction of a batch is a line that matches by its references: its first of each
    // field is kept whatever the budget while it is no longer than a payment's reference can be.
    const matchable = found.text.trim().length <= MAX_REFERENCE_LENGTH;
    if (!transaction.refs.some(([name]) => name === field) && (matchable || fits(entry, found.text)))
      transaction.refs.push([field, found.text]);
  } else if (path === 'RmtInf/Ustrd' || path === 'AddtlTxInf') {
    if (fits(entry, found.text)) transaction.texts.push(found.text);
  } else if (path === 'CdtDbtInd') {
    transaction.creditDebit = short(found);
  } else if (path === 'Amt' || (path === 'AmtDtls/TxAmt/Amt' && transaction.amount === undefined)) {
    // TxDtls/Amt (in the later versions) is the amount booked for the transaction; AmtDtls/TxAmt
    // says the same in the earlier ones.
    transaction.amount = short(found);
    transaction.currency = ccy === undefined ? undefined : short({ text: ccy, at: found.at });
  }
}

/** camt.053.001.08 and ns:Document alike: the name without its prefix. */
export function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}
