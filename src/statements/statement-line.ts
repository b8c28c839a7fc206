/** RC is the reversal of a credit (money taken back), RD the reversal of a debit (money given back). */
export type CreditDebit = 'C' | 'D' | 'RC' | 'RD';

/** One entry of a bank statement, whatever the file's format. */
export interface StatementLine {
  /**
   * Where the line is in the file, for people: "line 14" (MT940, CSV: the line where the entry
   * starts, 1-based) or an element path such as "Stmt[1]/Ntry[3]" (camt.053).
   */
  position: string;
  /** 1-based ordinal of the entry within the file (all entries, debits too). */
  index: number;
  /** YYYY-MM-DD */
  bookingDate: string;
  /** YYYY-MM-DD */
  valueDate: string | null;
  /**
   * Candidate bank references, most specific first, empty strings and placeholders such as
   * NONREF / NOTPROVIDED left out. The first is shown as the line's reference.
   */
  references: string[];
  /** Exact decimal string with two places, never negative ("1500.50"): the direction is in creditDebit. */
  amount: string;
  creditDebit: CreditDebit;
  /** ISO 4217 when the file says it. */
  currency: string | null;
  /** Free text (MT940 :86:, camt AddtlNtryInf and RmtInf/Ustrd, a CSV narration column), whitespace-folded. */
  narration: string;
}

export interface StatementSummary {
  /** MT940 :25:, camt Acct/Id/IBAN or Othr/Id. */
  accountId: string | null;
  currency: string | null;
  /**
   * The period the statement covers, YYYY-MM-DD inclusive: the file's own period when it states
   * one (camt FrToDt; MT940 opening :60F/M: and closing :62F/M: balance dates), otherwise the
   * earliest and latest booking dates; null for an empty statement.
   */
  period: { from: string; to: string } | null;
  entries: number;
}

/** The file cannot be read as a statement; callers answer 400 "<position>: <reason>". */
export class StatementFileError extends Error {
  constructor(
    readonly position: string,
    reason: string,
  ) {
    super(reason);
  }
}

export interface ParsedStatement {
  /** Read once, in file order; each line is given as soon as the file has said all of it. */
  lines: AsyncIterable<StatementLine>;
  /** Valid once `lines` has been read to the end. */
  summary(): StatementSummary;
}
