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
  /** For each of `references`, the field of the file it came from, such as ":61: bank reference" or "EndToEndId". */
  referenceFields: string[];
  /** Exact decimal string with two places, never negative ("1500.50"): the direction is in creditDebit. */
  amount: string;
  creditDebit: CreditDebit;
  /** ISO 4217 when the file says it. */
  currency: string | null;
  /** Free text (MT940 :86:, camt AddtlNtryInf and RmtInf/Ustrd, a CSV narration column), whitespace-folded. */
  narration: string;
  /** The account whose statement holds the line (MT940 :25:, camt Acct/Id); null when the file does not say. */
  accountId: string | null;
  /** Which of the summary's accounts holds the line: 1 for its first (an account in one currency). */
  accountPart: number;
  /** The entry gave neither booking nor value date (camt.053 BookgDt, ValDt): bookingDate is the statement's own date. */
  dateFromStatement: boolean;
  /**
   * The bank lists the entry but has not booked it (camt.053 Sts PDNG, pending, or INFO): it may
   * be booked another day or never, so it is no proof the money arrived, and its day is not one
   * the statement covers. Absent for a booked entry.
   */
  pending?: boolean;
}

/** One account's part of a statement file: a file may hold several accounts. */
export interface StatementAccount {
  /** MT940 :25:, camt Acct/Id/IBAN or Othr/Id; null when the file does not say. */
  accountId: string | null;
  currency: string | null;
  /**
   * The days the account's statement covers, YYYY-MM-DD inclusive: the days its entries were
   * booked, widened by the days the file states (camt FrToDt, an MT940 closing balance's date);
   * never the opening balance's date. Null for an empty statement that states no day.
   */
  period: { from: string; to: string } | null;
  entries: number;
}

export interface StatementSummary {
  /** In the order the file first names them. */
  accounts: StatementAccount[];
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
