/**
 * Our corpus of real statement files (test/fixtures/statements/SOURCES.md says where each comes
 * from), each read by our parser and compared with a reading that is not ours
 * (scripts/statements-corpus/regenerate.ts wrote the <name>.expected.json beside it).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  decimalSum,
  type Expectation,
  type ExpectedFile,
  type ExpectedLine,
  isZero,
} from '../../scripts/statements-corpus/expected.js';
import type { StatementFormat } from '../../src/statements/formats.js';
import { parseStatement } from '../../src/statements/parse-statement.js';
import { StatementFileError, type StatementLine, type StatementSummary } from '../../src/statements/statement-line.js';
import { readAll } from '../support/statements.js';

const corpus = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'statements');

type Outcome =
  | { refused: false; lines: StatementLine[]; summary: StatementSummary }
  | { refused: true; position: string; reason: string };

async function readWithOurParser(format: StatementFormat, file: string): Promise<Outcome> {
  try {
    const parsed = parseStatement(format, Readable.from([readFileSync(file)]), undefined);
    return { refused: false, ...(await readAll(parsed)) };
  } catch (error) {
    if (error instanceof StatementFileError) return { refused: true, position: error.position, reason: error.message };
    throw error;
  }
}

/** What the entry does to the balance: the reversal of a credit takes money back. */
const effect = (line: StatementLine): 'C' | 'D' => (line.creditDebit === 'C' || line.creditDebit === 'RD' ? 'C' : 'D');

const compact = (account: string) => account.replace(/[\s./-]/g, '').toUpperCase();

/**
 * Equal, or, for a reader that gives a customer reference as SWIFT's 16 characters (trimmed),
 * ours is longer and its first 16 characters are the reader's.
 */
const found = (reference: string, cutAt16: boolean) => (ours: string) =>
  ours === reference || (cutAt16 && ours.length > 16 && ours.slice(0, 16).trimEnd() === reference);

function lineDifferences(
  at: number,
  expected: ExpectedLine,
  statementDate: string | undefined,
  line: StatementLine,
  cutAt16: boolean,
) {
  const differences: string[] = [];
  const where = `entry ${at + 1} (${line.position})`;
  const bookingDate = expected.bookingDate ?? statementDate ?? null;
  if (line.amount !== expected.amount) differences.push(`${where}: amount ${line.amount}, expected ${expected.amount}`);
  if (!isZero(expected.amount) && effect(line) !== expected.creditDebit)
    differences.push(`${where}: ${line.creditDebit}, expected ${expected.creditDebit}`);
  if (line.bookingDate !== bookingDate)
    differences.push(`${where}: booked ${line.bookingDate}, expected ${bookingDate}`);
  if (line.valueDate !== expected.valueDate)
    differences.push(`${where}: value date ${line.valueDate}, expected ${expected.valueDate}`);
  const missing = expected.references.filter((reference) => !line.references.some(found(reference, cutAt16)));
  if (missing.length > 0)
    differences.push(`${where}: references ${JSON.stringify(line.references)} lack ${JSON.stringify(missing)}`);
  return differences;
}

function statementDifferences(expected: ExpectedFile, outcome: Outcome): string[] {
  if (outcome.refused) return [`refused at ${outcome.position}: ${outcome.reason}`];
  const differences: string[] = [];
  const sameAccount = (ours: string | null, theirs: string) => {
    const [a, b] = [compact(ours ?? ''), compact(theirs)];
    return a !== '' && (a.includes(b) || b.includes(a));
  };
  const accounts = [...new Set(expected.statements.map((statement) => compact(statement.account)))];
  const named = outcome.summary.accounts.map((account) => account.accountId);
  if (
    named.length !== accounts.length ||
    !accounts.every((account) => named.some((ours) => sameAccount(ours, account)))
  )
    differences.push(`accounts ${JSON.stringify(named)}, expected ${JSON.stringify(accounts)}`);
  for (const statement of expected.statements) {
    const ours = outcome.summary.accounts.find((account) => sameAccount(account.accountId, statement.account));
    const stated = statement.period;
    if (ours && stated && !(ours.period && ours.period.from <= stated.from && ours.period.to >= stated.to))
      differences.push(
        `period of ${statement.account} ${JSON.stringify(ours.period)}, expected to hold ${JSON.stringify(stated)}`,
      );
  }

  const cutAt16 = expected.reader.startsWith('mt940js') || expected.reader.startsWith('mt940-js');
  const expectedLines = expected.statements.flatMap((statement) =>
    statement.lines.map((line) => ({ line, statementDate: statement.statementDate, account: statement.account })),
  );
  if (outcome.lines.length !== expectedLines.length)
    differences.push(`${outcome.lines.length} entries, expected ${expectedLines.length}`);
  const credits = outcome.lines.filter((line) => effect(line) === 'C' && !isZero(line.amount));
  const expectedCredits = expected.statements.reduce((sum, statement) => sum + statement.credits, 0);
  const expectedCreditTotal = decimalSum(expected.statements.map((statement) => statement.creditTotal));
  const creditTotal = decimalSum(credits.map((line) => line.amount));
  if (credits.length !== expectedCredits || creditTotal !== expectedCreditTotal)
    differences.push(
      `${credits.length} credits of ${creditTotal}, expected ${expectedCredits} of ${expectedCreditTotal}`,
    );
  outcome.lines.forEach((line, at) => {
    const wanted = expectedLines[at];
    if (!wanted) return;
    differences.push(...lineDifferences(at, wanted.line, wanted.statementDate, line, cutAt16));
    if (!sameAccount(line.accountId, wanted.account))
      differences.push(`entry ${at + 1} (${line.position}): account ${line.accountId}, expected ${wanted.account}`);
  });
  return differences;
}

function differencesFrom(expectation: Expectation, outcome: Outcome): string[] {
  if ('notAStatement' in expectation)
    return outcome.refused ? [] : [`read as a statement of ${outcome.lines.length} entries; it is not one`];
  return statementDifferences(expectation, outcome);
}

const FORMATS: StatementFormat[] = ['mt940', 'camt053'];

function corpusFiles(): Array<{ format: StatementFormat; name: string; file: string }> {
  return FORMATS.flatMap((format) =>
    readdirSync(join(corpus, format))
      .filter((name) => !name.endsWith('.expected.json'))
      .sort()
      .map((name) => ({ format, name: `${format}/${name}`, file: join(corpus, format, name) })),
  );
}

describe('the corpus of real statements, read as an independent reader reads them', () => {
  const files = corpusFiles();

  it('holds files, each with its expectation', () => {
    assert.ok(files.length >= 40, `${files.length} files`);
  });

  for (const { format, name, file } of files) {
    it(`${name} is read exactly`, async () => {
      const expectation = JSON.parse(
        readFileSync(file.replace(/\.[a-z0-9]+$/, '.expected.json'), 'utf8'),
      ) as Expectation;
      const differences = differencesFrom(expectation, await readWithOurParser(format, file));
      assert.deepEqual(differences, [], `${basename(file)} differs`);
    });
  }
});
