// Runs test files, told by `npm test` (scripts/test.sh), and tells their story: the spec reporter's
// lines, then the summary CI reads. Arguments name the files; without any, every test file.
//
// Most files run several at once: each makes databases of its own and listens on ports of its own,
// and most of a file's time is spent waiting (on PostgreSQL, a browser, a child process), which one
// file at a time per core would leave idle. Files that read the accepted-payments feed or the ERP
// export run one at a time, after the others: on PostgreSQL those stop before the oldest
// transaction still open anywhere on the server, so another file's transaction, in a database of
// its own, would hold back what such a test asserts arrives at once.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import summary from '../test/support/summary-reporter.mjs';

const READS_THE_SERVER_HORIZON = [
  'deliverDue',
  'deliver-webhooks',
  'exportRecords',
  'payments/export',
  "'payments', 'export'",
  'writeNext',
  'writeAll',
  'export-feeds',
];

// Every test file in test/ and its folders, as a shell lists test/*.test.ts and test/<folder>/*.test.ts.
function everyTestFile() {
  const entries = readdirSync('test', { withFileTypes: true });
  const inFolders = entries
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) => readdirSync(`test/${folder.name}`).map((file) => `test/${folder.name}/${file}`));
  return [...entries.map((entry) => `test/${entry.name}`), ...inFolders]
    .filter((file) => file.endsWith('.test.ts'))
    .sort();
}

const files = process.argv.length > 2 ? process.argv.slice(2) : everyTestFile();
const missing = files.filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(`No such test file: ${missing.join(', ')}`);
  process.exit(2);
}
const alone = files.filter((file) =>
  READS_THE_SERVER_HORIZON.some((word) => readFileSync(file, 'utf8').includes(word)),
);
const together = files.filter((file) => !alone.includes(file));
const concurrency = Number(process.env.TEST_CONCURRENCY ?? 4);

// The spec reporter and the summary each read every event of both groups.
const toSpec = new PassThrough({ objectMode: true });
const toSummary = new PassThrough({ objectMode: true });
const told = [toSpec.compose(spec), Readable.from(summary(toSummary))].map((story) => {
  story.pipe(process.stdout, { end: false });
  return finished(story);
});
let failed = false;
for (const [group, atOnce] of [
  [together, concurrency],
  [alone, 1],
]) {
  if (group.length === 0) continue;
  for await (const event of run({ files: group, concurrency: atOnce })) {
    if (event.type === 'test:fail' && !event.data.skip) failed = true;
    toSpec.write(event);
    toSummary.write(event);
  }
}
toSpec.end();
toSummary.end();
await Promise.all(told);
process.exitCode = failed ? 1 : 0;
