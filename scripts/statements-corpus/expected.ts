/** The shape of test/fixtures/statements/<format>/<name>.expected.json, shared by the script that writes them and the test. */

export interface ExpectedLine {
  /** Decimal string, two places at least, never negative. */
  amount: string;
  /**
   * What the entry does to the balance: a reversal of a credit is a D. An entry of 0.00 moves
   * nothing and AqBanking gives it no sign, so its direction is not compared and it is no credit.
   */
  creditDebit: 'C' | 'D';
  /** YYYY-MM-DD; camt: BookgDt, else ValDt; null when the entry gives neither (the statement's date applies). */
  bookingDate: string | null;
  valueDate: string | null;
  /**
   * The bank's references: MT940 :61: customer and bank references; camt AcctSvcrRef, EndToEndId,
   * TxId. mt940js cuts a customer reference at SWIFT's 16 characters, so a reference of exactly 16
   * from that reader is found when one of ours starts with it.
   */
  references: string[];
}

export interface ExpectedStatement {
  account: string;
  /** The period the file states (camt FrToDt), YYYY-MM-DD inclusive. */
  period?: { from: string; to: string };
  /** camt: the day an entry without booking or value date belongs to (ToDtTm, closing balance or creation date). */
  statementDate?: string;
  entries: number;
  credits: number;
  creditTotal: string;
  lines: ExpectedLine[];
}

/**
 * A value of the first reader's changed by hand where it misreads the file and no other
 * independent reader reads it right (scripts/statements-corpus/mt940-choices.ts says why).
 */
export interface Correction {
  /** From 1, across the file's statements, as the test numbers entries. */
  entry: number;
  field: keyof ExpectedLine;
  aqbanking: ExpectedLine[keyof ExpectedLine];
  corrected: ExpectedLine[keyof ExpectedLine];
  why: string;
}

export interface ExpectedFile {
  reader: string;
  /** The lines already hold the corrected values; these say what was changed and why. */
  corrections?: Correction[];
  statements: ExpectedStatement[];
}

export type Expectation = ExpectedFile | { notAStatement: true };

const PLACEHOLDERS = new Set(['NONREF', 'NOTPROVIDED', 'NOT PROVIDED']);

/** References as a person would search them: trimmed, placeholders and repeats left out. */
export function cleanReferences(references: Array<string | undefined | null>): string[] {
  const kept: string[] = [];
  for (const reference of references) {
    const trimmed = reference?.trim() ?? '';
    if (trimmed !== '' && !PLACEHOLDERS.has(trimmed.toUpperCase()) && !kept.includes(trimmed)) kept.push(trimmed);
  }
  return kept;
}

/** Sum of decimal strings, exactly, with two places or as many as the amounts need. */
export function decimalSum(amounts: string[]): string {
  const places = Math.max(2, ...amounts.map((amount) => significantPlaces(amount)));
  let units = 0n;
  for (const amount of amounts) {
    const [whole = '0', fraction = ''] = amount.split('.');
    units += BigInt(whole) * 10n ** BigInt(places) + BigInt(fraction.padEnd(places, '0').slice(0, places) || '0');
  }
  const scale = 10n ** BigInt(places);
  return `${units / scale}.${String(units % scale).padStart(places, '0')}`;
}

function significantPlaces(amount: string): number {
  return (amount.split('.')[1] ?? '').replace(/0+$/, '').length;
}

/** Two places, as our statement lines give amounts ("1500.5" -> "1500.50"), unless the file gives more. */
export function twoPlaces(amount: string): string {
  return decimalSum([amount]);
}

export const isZero = (amount: string) => /^0*\.?0*$/.test(amount);

export function statementOf(
  account: string,
  period: { from: string; to: string } | undefined,
  statementDate: string | undefined,
  lines: Array<Omit<ExpectedLine, 'references'> & { references: Array<string | undefined | null> }>,
): ExpectedStatement {
  const kept = lines.map((line) => ({
    ...line,
    amount: twoPlaces(line.amount),
    references: cleanReferences(line.references),
  }));
  const credits = kept.filter((line) => line.creditDebit === 'C' && !isZero(line.amount));
  return {
    account,
    ...(period ? { period } : {}),
    ...(statementDate ? { statementDate } : {}),
    entries: kept.length,
    credits: credits.length,
    creditTotal: decimalSum(credits.map((line) => line.amount)),
    lines: kept,
  };
}
