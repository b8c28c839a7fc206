import { CamtValueError, describePlace, type Found, readCurrency, readDate } from './camt053-entry.js';
import type { StatementContext } from './camt053-lines.js';
import { StatementFileError } from './statement-line.js';
import type { SummaryTally } from './statement-summary.js';

// Within a Stmt, before its entries: the texts kept, by their path below the Stmt.
export const STATEMENT_TEXT = new Set([
  'CreDtTm',
  'Acct/Id/IBAN',
  'Acct/Id/Othr/Id',
  'Acct/Ccy',
  'FrToDt/FrDtTm',
  'FrToDt/ToDtTm',
  'Bal/Tp/CdOrPrtry/Cd',
  'Bal/Dt/Dt',
  'Bal/Dt/DtTm',
]);

/** A Stmt being read: its place, its entries so far, and what it said before them. */
export interface OpenStatement extends StatementContext {
  depth: number;
  number: number;
  entries: number;
  texts: Map<string, Found>;
  /** Acct/Ccy; null when the Stmt names none (or XXX). */
  currency: string | null;
  /** Acct/Id; null when the Stmt names none. */
  accountId: string | null;
  /** Whether its account's part of the summary has begun: at Acct, else at its first entry or its end. */
  begun: boolean;
  /** Where its FrToDt closed, when that was before Acct: the period is stated once the account is known. */
  periodAt: string | undefined;
  /** The date of its first closing balance (CLBD). */
  closingDate: Found | undefined;
}

export const openStatement = (depth: number, number: number): OpenStatement => ({
  date(this: OpenStatement) {
    return statementDate(this);
  },
  depth,
  number,
  entries: 0,
  texts: new Map(),
  currency: null,
  accountId: null,
  begun: false,
  periodAt: undefined,
  closingDate: undefined,
});

/**
 * An element directly below the Stmt has closed. The schema puts FrToDt before Acct, so a period
 * read first waits for the account: each Stmt's period and lines go to its own account's part.
 */
export function statementChildClosed(statement: OpenStatement, name: string, tally: SummaryTally, at: string): void {
  if (name === 'Acct') {
    const id = (statement.texts.get('Acct/Id/IBAN') ?? statement.texts.get('Acct/Id/Othr/Id'))?.text.trim();
    statement.accountId = id || null;
    const currency = statement.texts.get('Acct/Ccy');
    if (currency !== undefined) statement.currency = placedValue(() => readCurrency(currency));
    beginStatement(statement, tally);
  } else if (name === 'FrToDt') {
    statement.periodAt = at;
    if (statement.begun) statePeriod(statement, tally);
  } else if (name === 'Bal') {
    const type = statement.texts.get('Bal/Tp/CdOrPrtry/Cd')?.text.trim();
    if (type === 'CLBD' && statement.closingDate === undefined)
      statement.closingDate = statement.texts.get('Bal/Dt/Dt') ?? statement.texts.get('Bal/Dt/DtTm');
    for (const path of ['Bal/Tp/CdOrPrtry/Cd', 'Bal/Dt/Dt', 'Bal/Dt/DtTm']) statement.texts.delete(path);
  }
}

/** The lines (and period) that follow are of this Stmt's account: at its Acct, or when a Stmt without one needs it. */
export function beginStatement(statement: OpenStatement, tally: SummaryTally): void {
  if (statement.begun) return;
  statement.begun = true;
  tally.account(statement.accountId, statement.currency);
  if (statement.periodAt !== undefined) statePeriod(statement, tally);
}

function statePeriod(statement: OpenStatement, tally: SummaryTally): void {
  // The schema asks for both ends; a FrToDt with one says at least that day, and the entries'
  // days give the rest: no reason to refuse the statement.
  const from = statement.texts.get('FrToDt/FrDtTm') ?? statement.texts.get('FrToDt/ToDtTm');
  const to = statement.texts.get('FrToDt/ToDtTm') ?? from;
  if (from === undefined || to === undefined) return;
  tally.statePeriod(
    placedValue(() => readDate(from)),
    placedValue(() => readDate(to)),
    statement.periodAt as string,
  );
}

/**
 * The day an entry with neither booking nor value date is taken on, as the statement gives it:
 * the end of its period (ToDtTm), else its closing balance's date, else the day it was made (CreDtTm).
 */
export function statementDate(statement: OpenStatement): string | undefined {
  const found = statement.texts.get('FrToDt/ToDtTm') ?? statement.closingDate ?? statement.texts.get('CreDtTm');
  return found === undefined ? undefined : readDate(found);
}

function placedValue<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof CamtValueError) throw new StatementFileError(describePlace(error.at), error.message);
    throw error;
  }
}
