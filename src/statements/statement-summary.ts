import {
  type StatementAccount,
  StatementFileError,
  type StatementLine,
  type StatementSummary,
} from './statement-line.js';

interface AccountPart {
  accountId: string | null;
  currency: string | undefined;
  // undefined: no line yet; null: the lines are in more than one currency.
  lineCurrency: string | null | undefined;
  entries: number;
  earliest: string | undefined;
  latest: string | undefined;
  statedFrom: string | undefined;
  statedTo: string | undefined;
}

const widen = (part: AccountPart, from: string, to: string) => {
  if (part.statedFrom === undefined || from < part.statedFrom) part.statedFrom = from;
  if (part.statedTo === undefined || to > part.statedTo) part.statedTo = to;
};

/**
 * Gathers a statement file's summary as its lines go by, one part per account, so nothing but a
 * few fields per account is kept. A file may hold several accounts (and several messages of one
 * account, such as pages or days): lines count towards the account stated last.
 */
export class SummaryTally {
  private readonly parts: AccountPart[] = [];
  private current: AccountPart | undefined;
  private finished = false;

  /**
   * The lines that follow are of this account (null: the file does not say), in this currency when
   * it is known: several messages of one account make one part, and each currency of a
   * multi-currency account a part of its own.
   */
  account(accountId: string | null, currency?: string | null): void {
    const part = this.parts.find(
      (candidate) =>
        candidate.accountId === accountId &&
        (currency == null ||
          candidate.currency === currency ||
          (candidate.currency === undefined &&
            (candidate.lineCurrency === undefined || candidate.lineCurrency === currency))),
    );
    this.current = part ?? this.newPart(accountId);
    if (currency != null && this.current.currency === undefined) this.current.currency = currency;
  }

  private newPart(accountId: string | null): AccountPart {
    const part: AccountPart = {
      accountId,
      currency: undefined,
      lineCurrency: undefined,
      entries: 0,
      earliest: undefined,
      latest: undefined,
      statedFrom: undefined,
      statedTo: undefined,
    };
    this.parts.push(part);
    return part;
  }

  private part(): AccountPart {
    if (!this.current) this.account(null);
    return this.current as AccountPart;
  }

  /** The 1-based place in the summary's accounts of the part the lines counted now go to. */
  currentPart(): number {
    return this.parts.indexOf(this.part()) + 1;
  }

  /** The account of the lines counted now: what a line says of its account. */
  currentAccount(): string | null {
    return this.part().accountId;
  }

  /**
   * Counts a line and gives its 1-based ordinal in the file. A line the bank has not booked (a
   * pending entry) is counted with `booked` false: its day does not widen the account's period.
   */
  count(line: Pick<StatementLine, 'bookingDate' | 'currency'>, booked = true): number {
    const part = this.part();
    part.entries += 1;
    if (booked && (part.earliest === undefined || line.bookingDate < part.earliest)) part.earliest = line.bookingDate;
    if (booked && (part.latest === undefined || line.bookingDate > part.latest)) part.latest = line.bookingDate;
    if (part.lineCurrency === undefined) part.lineCurrency = line.currency;
    else if (part.lineCurrency !== line.currency) part.lineCurrency = null;
    return this.parts.reduce((sum, each) => sum + each.entries, 0);
  }

  /**
   * Days the file says the current account's statement covers (camt FrToDt; an MT940 closing
   * balance's date as from = to). Never an opening balance's date: that is the day before.
   */
  statePeriod(from: string, to: string, position: string): void {
    if (to < from)
      throw new StatementFileError(position, `the statement's period runs backwards, from ${from} to ${to}`);
    widen(this.part(), from, to);
  }

  /** The current account's currency, once its message says it (MT940 :60F:, camt Acct/Ccy). */
  stateCurrency(currency: string): void {
    const part = this.part();
    if (part.currency === undefined) part.currency = currency;
    else if (part.currency !== currency) this.account(part.accountId, currency);
  }

  finish(): void {
    this.finished = true;
  }

  summary(): StatementSummary {
    if (!this.finished) throw new Error('the summary is known only once every line has been read');
    const accounts = this.parts.map(accountOf);
    return { accounts, entries: accounts.reduce((sum, account) => sum + account.entries, 0) };
  }
}

/** The days a part covers: the days its entries were booked and the days the file states, together. */
function accountOf(part: AccountPart): StatementAccount {
  const froms = [part.earliest, part.statedFrom].filter((day): day is string => day !== undefined).sort();
  const tos = [part.latest, part.statedTo].filter((day): day is string => day !== undefined).sort();
  const from = froms[0];
  const to = tos[tos.length - 1];
  return {
    accountId: part.accountId,
    currency: part.currency ?? part.lineCurrency ?? null,
    period: from !== undefined && to !== undefined ? { from, to } : null,
    entries: part.entries,
  };
}
