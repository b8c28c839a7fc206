import { StatementFileError, type StatementLine, type StatementSummary } from './statement-line.js';

/** Gathers a statement's summary as its lines go by, so nothing but a few fields is kept. */
export class SummaryTally {
  private entries = 0;
  private earliest: string | undefined;
  private latest: string | undefined;
  private statedFrom: string | undefined;
  private statedTo: string | undefined;
  private accountId: string | undefined;
  private currency: string | undefined;
  // undefined: no line yet; null: the lines are in more than one currency.
  private lineCurrency: string | null | undefined;
  private finished = false;

  /** Counts a line and gives its 1-based ordinal in the file. */
  count(line: Pick<StatementLine, 'bookingDate' | 'currency'>): number {
    this.entries += 1;
    if (this.earliest === undefined || line.bookingDate < this.earliest) this.earliest = line.bookingDate;
    if (this.latest === undefined || line.bookingDate > this.latest) this.latest = line.bookingDate;
    if (this.lineCurrency === undefined) this.lineCurrency = line.currency;
    else if (this.lineCurrency !== line.currency) this.lineCurrency = null;
    return this.entries;
  }

  /** A period the file states; several (pages, statements) make one that covers them all. */
  statePeriod(from: string, to: string): void {
    if (this.statedFrom === undefined || from < this.statedFrom) this.statedFrom = from;
    if (this.statedTo === undefined || to > this.statedTo) this.statedTo = to;
  }

  /**
   * One file, one account: the reconciliation matches a statement to one account's payments, so
   * a file that mixes accounts is refused rather than summarised as if it were one.
   */
  stateAccount(accountId: string, position: string): void {
    if (this.accountId === undefined) this.accountId = accountId;
    else if (this.accountId !== accountId)
      throw new StatementFileError(
        position,
        `the file holds statements of two accounts, ${this.accountId} and ${accountId}; upload one account at a time`,
      );
  }

  stateCurrency(currency: string, position: string): void {
    if (this.currency === undefined) this.currency = currency;
    else if (this.currency !== currency)
      throw new StatementFileError(
        position,
        `the account's currency changes from ${this.currency} to ${currency} within the file`,
      );
  }

  finish(): void {
    this.finished = true;
  }

  summary(): StatementSummary {
    if (!this.finished) throw new Error('the summary is known only once every line has been read');
    const stated =
      this.statedFrom !== undefined && this.statedTo !== undefined
        ? { from: this.statedFrom, to: this.statedTo }
        : undefined;
    const booked =
      this.earliest !== undefined && this.latest !== undefined ? { from: this.earliest, to: this.latest } : undefined;
    return {
      accountId: this.accountId ?? null,
      currency: this.currency ?? this.lineCurrency ?? null,
      period: stated ?? booked ?? null,
      entries: this.entries,
    };
  }
}
