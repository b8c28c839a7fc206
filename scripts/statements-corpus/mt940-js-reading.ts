/**
 * The reading of mt940-js 1.0.0 (npm, MIT, by webschik, written in TypeScript): a third MT940
 * reader, sharing no code with AqBanking, mt940js or ours. It reads the amounts and dates of
 * some files AqBanking misreads; it gives the :61: customer reference as SWIFT's 16 characters
 * (padded with spaces where the bank wrote less), and no bank reference where a file has no
 * transaction type before it. Installed beside mt940js (it needs tslib, which it does not declare):
 *   npm install --no-save --prefix /tmp/statement-readers mt940-js@1.0.0 tslib@2
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type ExpectedStatement, statementOf } from './expected.js';
import type { AqbankingEntry } from './mt940-reading.js';

interface MtJsTransaction {
  isCredit: boolean;
  amount: number;
  valueDate: string;
  entryDate: string;
  customerReference: string;
  bankReference: string;
}
interface MtJsStatement {
  accountId?: string;
  transactions: MtJsTransaction[];
}

export async function readWithMt940Js(readers: string, prepared: Buffer): Promise<ExpectedStatement[] | undefined> {
  const mt940Js = createRequire(join(readers, 'package.json'))('mt940-js') as {
    read(input: Buffer): Promise<MtJsStatement[]>;
  };
  let parsed: MtJsStatement[];
  try {
    parsed = await mt940Js.read(prepared);
  } catch {
    return undefined;
  }
  if (parsed.length === 0) return undefined;
  // Grouped by account, as the other MT940 readings are.
  const byAccount = new Map<string, AqbankingEntry[]>();
  for (const statement of parsed) {
    const account = statement.accountId ?? '';
    const entries = byAccount.get(account) ?? [];
    byAccount.set(account, entries);
    for (const transaction of statement.transactions) {
      entries.push({
        // A float; two places are exact for the amounts of the files it reads.
        amount: Math.abs(transaction.amount).toFixed(2),
        creditDebit: transaction.isCredit ? 'C' : 'D',
        bookingDate: transaction.entryDate || transaction.valueDate,
        valueDate: transaction.valueDate,
        references: [transaction.customerReference, transaction.bankReference],
      });
    }
  }
  return [...byAccount].map(([account, entries]) => statementOf(account, undefined, undefined, entries));
}
