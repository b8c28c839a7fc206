/**
 * Writes test/fixtures/statements/<format>/<name>.expected.json for each statement file of the
 * corpus, from a reading that is not ours:
 *   - camt.053: the XML read with XPath by xmlstarlet;
 *   - MT940: aqbanking-cli's SWIFT importer (AqBanking, C), and mt940js (npm) for the files
 *     AqBanking refuses. Where AqBanking misreads a file, mt940-choices.ts names another
 *     reader for it (mt940-js, npm) or, where no reader reads it right, the corrections made
 *     by hand to AqBanking's reading, each with why; the expectation lists them.
 * Each expectation names the reader that produced it.
 *
 * How to run (Debian):
 *   apt-get install -y xmlstarlet aqbanking-tools
 *   npm install --no-save --prefix /tmp/statement-readers mt940js@1.3.5 mt940-js@1.0.0 tslib@2
 *   STATEMENT_READERS=/tmp/statement-readers node --import tsx scripts/statements-corpus/regenerate.ts [file ...]
 *   npx biome format --write test/fixtures/statements
 * With no file named, every file under test/fixtures/statements/ is read again.
 *
 * A file whose name starts with mt942-, camt052- or broken- is not a statement: its expectation
 * is {"notAStatement": true} and no reader is asked.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { camt053Reading } from './camt053-reading.js';
import { type ExpectedFile, type ExpectedStatement, statementOf } from './expected.js';
import { AQBANKING_CORRECTIONS, corrected, MT940_JS_FOR } from './mt940-choices.js';
import { readWithMt940Js } from './mt940-js-reading.js';
import { type AqbankingEntry, mt940Prepared, readAqbankingContext } from './mt940-reading.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const corpus = join(root, 'test', 'fixtures', 'statements');
const NOT_A_STATEMENT = /^(mt942|camt052|broken)-/;

function corpusFiles(): string[] {
  const files: string[] = [];
  for (const format of ['mt940', 'camt053']) {
    for (const name of readdirSync(join(corpus, format)).sort()) {
      if (!name.endsWith('.expected.json')) files.push(join(corpus, format, name));
    }
  }
  return files;
}

function readCamt053(file: string): ExpectedFile {
  return { reader: 'xmlstarlet (XPath)', statements: camt053Reading(file) };
}

function readWithAqbanking(file: string): ExpectedStatement[] | undefined {
  const work = mkdtempSync(join(tmpdir(), 'aqbanking-'));
  try {
    const input = join(work, 'input.sta');
    const context = join(work, 'input.ctx');
    writeFileSync(input, mt940Prepared(readFileSync(file)));
    try {
      execFileSync(
        'aqbanking-cli',
        ['-n', 'import', '--importer=swift', '--profile=SWIFT-MT940', '-f', input, '-c', context],
        // AqBanking keeps its settings under HOME; it must not touch the caller's own.
        { env: { ...process.env, HOME: work }, stdio: 'ignore', timeout: 20_000 },
      );
    } catch {
      return undefined;
    }
    const accounts = readAqbankingContext(readFileSync(context, 'latin1'));
    if (accounts.length === 0) return undefined;
    return accounts.map((account) => statementOf(account.account, undefined, undefined, account.entries));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

interface Mt940jsTransaction {
  date: Date;
  entryDate: Date | undefined;
  amount: number;
  reference: string;
  bankReference: string;
}
interface Mt940jsStatement {
  accountIdentification: string;
  transactions: Mt940jsTransaction[];
}

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

function statementReaders(): string {
  const readers = process.env.STATEMENT_READERS;
  if (!readers) throw new Error('STATEMENT_READERS must name the folder where mt940js and mt940-js are installed');
  return readers;
}

function readWithMt940js(file: string): ExpectedStatement[] | undefined {
  const readers = statementReaders();
  const mt940js = createRequire(join(readers, 'package.json'))('mt940js');
  let parsed: Mt940jsStatement[];
  try {
    parsed = new mt940js.Parser().parse(mt940Prepared(readFileSync(file)).toString('latin1'));
  } catch {
    return undefined;
  }
  // Grouped by account, as AqBanking groups them, so both readings have one shape.
  const byAccount = new Map<string, AqbankingEntry[]>();
  for (const statement of parsed) {
    const entries = byAccount.get(statement.accountIdentification) ?? [];
    byAccount.set(statement.accountIdentification, entries);
    for (const transaction of statement.transactions) {
      const valueDate = isoDay(transaction.date);
      entries.push({
        // mt940js gives a float; two places are exact for the amounts of these files.
        amount: Math.abs(transaction.amount).toFixed(2),
        creditDebit: transaction.amount < 0 ? 'D' : 'C',
        bookingDate: transaction.entryDate ? isoDay(transaction.entryDate) : valueDate,
        valueDate,
        references: [transaction.reference, transaction.bankReference],
      });
    }
  }
  return [...byAccount].map(([account, entries]) => statementOf(account, undefined, undefined, entries));
}

async function readMt940(file: string): Promise<ExpectedFile> {
  const name = relative(corpus, file);
  if (MT940_JS_FOR[name]) {
    const statements = await readWithMt940Js(statementReaders(), mt940Prepared(readFileSync(file)));
    if (!statements) throw new Error(`${name}: mt940-js could not read it`);
    return { reader: 'mt940-js 1.0.0', statements };
  }
  const aqbanking = readWithAqbanking(file);
  const corrections = AQBANKING_CORRECTIONS[name];
  if (corrections && !aqbanking) throw new Error(`${name}: AqBanking no longer reads the file it corrects`);
  if (aqbanking && corrections)
    return {
      reader: 'aqbanking-cli (AqBanking 6, SWIFT-MT940 profile), corrected by hand',
      corrections,
      statements: corrected(name, aqbanking, corrections),
    };
  if (aqbanking) return { reader: 'aqbanking-cli (AqBanking 6, SWIFT-MT940 profile)', statements: aqbanking };
  const mt940js = readWithMt940js(file);
  if (mt940js) return { reader: 'mt940js 1.3.5', statements: mt940js };
  throw new Error(`${relative(root, file)}: no independent reader could read it`);
}

const named = process.argv.slice(2);
for (const file of named.length > 0 ? named.map((name) => join(process.cwd(), name)) : corpusFiles()) {
  const name = basename(file);
  const expected: ExpectedFile | { notAStatement: true } = NOT_A_STATEMENT.test(name)
    ? { notAStatement: true }
    : file.endsWith('.xml')
      ? readCamt053(file)
      : await readMt940(file);
  const target = file.replace(/\.[a-z0-9]+$/, '.expected.json');
  writeFileSync(target, `${JSON.stringify(expected, null, 2)}\n`);
  console.log(`${relative(root, target)}: ${'reader' in expected ? expected.reader : 'not a statement'}`);
}
