/**
 * camt.053 read with XPath by xmlstarlet, whatever the version or national namespace: every
 * element is matched by its local name.
 *
 * One line per entry (Ntry); an entry with several TxDtls that each carry an amount is a batch,
 * and gives one line per TxDtls, with the entry's dates and direction unless the TxDtls has its own.
 * An entry's booking date is its BookgDt, else its ValDt; one with neither is on the statement's
 * date (the end of FrToDt, else the closing balance's date, else CreDtTm).
 */
import { execFileSync } from 'node:child_process';
import { type ExpectedStatement, statementOf } from './expected.js';

const el = (...names: string[]) => names.map((name) => `*[local-name()='${name}']`).join('/');
const day = (path: string) => `substring(${path}, 1, 10)`;
const first = (...paths: string[]) => `(${paths.join(' | ')})[1]`;
const TAB = '\t';

function fields(...xpaths: string[]): string[] {
  return xpaths.flatMap((xpath) => ['-o', TAB, '-v', `normalize-space(${xpath})`]);
}

function xmlstarletRecords(file: string): string[][] {
  const args = [
    'sel',
    '-T',
    '-t',
    '-m',
    `//${el('BkToCstmrStmt')}/${el('Stmt')}`,
    '-o',
    'S',
    ...fields(
      first(el('Acct', 'Id', 'IBAN'), el('Acct', 'Id', 'Othr', 'Id')),
      day(el('FrToDt', 'FrDtTm')),
      day(el('FrToDt', 'ToDtTm')),
      day(first(`${el('Bal')}[${el('Tp', 'CdOrPrtry', 'Cd')}='CLBD']/${el('Dt')}/*`)),
      day(el('CreDtTm')),
    ),
    '-n',
    '-m',
    el('Ntry'),
    '-o',
    'E',
    ...fields(
      el('Amt'),
      el('CdtDbtInd'),
      day(first(el('BookgDt', 'Dt'), el('BookgDt', 'DtTm'))),
      day(first(el('ValDt', 'Dt'), el('ValDt', 'DtTm'))),
      el('AcctSvcrRef'),
    ),
    '-n',
    '-m',
    el('NtryDtls', 'TxDtls'),
    '-o',
    'T',
    ...fields(
      first(el('Amt'), el('AmtDtls', 'TxAmt', 'Amt')),
      el('CdtDbtInd'),
      el('Refs', 'AcctSvcrRef'),
      el('Refs', 'EndToEndId'),
      el('Refs', 'TxId'),
    ),
    '-n',
    '-b',
    '-b',
    '-b',
    file,
  ];
  const output = execFileSync('xmlstarlet', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split(TAB));
}

interface Entry {
  amount: string;
  creditDebit: 'C' | 'D';
  bookingDate: string | null;
  valueDate: string | null;
  accountServicerReference: string;
  details: Array<{ amount: string; creditDebit: string; references: string[] }>;
}

interface Statement {
  account: string;
  period: { from: string; to: string } | undefined;
  statementDate: string | undefined;
  entries: Entry[];
}

const direction = (indicator: string): 'C' | 'D' => {
  if (indicator === 'CRDT') return 'C';
  if (indicator === 'DBIT') return 'D';
  throw new Error(`CdtDbtInd "${indicator}"`);
};

export function camt053Reading(file: string): ExpectedStatement[] {
  const statements: Statement[] = [];
  for (const [kind, ...values] of xmlstarletRecords(file)) {
    const [a = '', b = '', c = '', d = '', e = ''] = values;
    if (kind === 'S') {
      statements.push({
        account: a,
        period: b && c ? { from: b, to: c } : undefined,
        statementDate: c || d || e || undefined,
        entries: [],
      });
    } else if (kind === 'E') {
      statements.at(-1)?.entries.push({
        amount: a,
        creditDebit: direction(b),
        // The entry's own day: BookgDt, else ValDt; null for neither (the statement's date applies).
        bookingDate: c || d || null,
        valueDate: d || null,
        accountServicerReference: e,
        details: [],
      });
    } else if (kind === 'T') {
      statements
        .at(-1)
        ?.entries.at(-1)
        ?.details.push({ amount: a, creditDebit: b, references: [c, d, e] });
    }
  }
  return statements.map((statement) =>
    statementOf(
      statement.account,
      statement.period,
      statement.statementDate,
      statement.entries.flatMap((entry) => {
        const dates = { bookingDate: entry.bookingDate, valueDate: entry.valueDate };
        const batch = entry.details.length > 1 && entry.details.every((detail) => detail.amount !== '');
        if (!batch) {
          const only = entry.details.length === 1 ? (entry.details[0]?.references ?? []) : [];
          return [
            {
              amount: entry.amount,
              creditDebit: entry.creditDebit,
              ...dates,
              references: [entry.accountServicerReference, ...only],
            },
          ];
        }
        return entry.details.map((detail) => ({
          amount: detail.amount,
          creditDebit: detail.creditDebit ? direction(detail.creditDebit) : entry.creditDebit,
          ...dates,
          references: [...detail.references, entry.accountServicerReference],
        }));
      }),
    ),
  );
}
