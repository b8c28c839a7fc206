import type { Mt940Entry } from './mt940-fields.js';
import type { FieldSize } from './mt940-messages.js';
import { entryText } from './mt940-narration.js';
import type { StatementLine } from './statement-line.js';
import type { SummaryTally } from './statement-summary.js';
import { candidateReferences } from './statement-text.js';

/** An entry whose :61: has been read, and the text that follows it until the next field that is not its :86:. */
export interface PendingEntry extends Mt940Entry {
  line: number;
  currency: string;
  /** The lines after the :61: line itself. */
  supplementary: string[];
  /** Each :86: field that follows the :61:, its lines. */
  information: string[][];
  /** All of its :61: and :86: text after the :61: line itself. */
  text: FieldSize;
}

/** The texts of an entry whose :61: is on line `number`, none read yet. */
export const entryTexts = (number: number) => ({
  supplementary: [] as string[],
  information: [] as string[][],
  text: { name: 'the text (:61: and :86:) of the entry', line: number, length: 0 } as FieldSize,
});

/** The statement line of an entry the file has said all of, counted in the tally's current account. */
export function statementLine(entry: PendingEntry, tally: SummaryTally): StatementLine {
  const { narration, references } = entryText(entry.information, entry.supplementary);
  const line: StatementLine = {
    position: `line ${entry.line}`,
    index: 0,
    bookingDate: entry.bookingDate,
    valueDate: entry.valueDate,
    ...candidateReferences([
      [':61: bank reference', entry.bankReference],
      [':61: customer reference', entry.customerReference],
      ...references,
    ]),
    amount: entry.amount,
    creditDebit: entry.creditDebit,
    currency: entry.currency,
    narration,
    accountId: tally.currentAccount(),
    accountPart: tally.currentPart(),
    dateFromStatement: false,
  };
  line.index = tally.count(line);
  return line;
}
