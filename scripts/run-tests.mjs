// Runs test files, told by `npm test` (scripts/test.sh), and tells their story: the spec reporter's
// lines, then the summary CI reads. Arguments name the files; without any, every test file.
//
// Files run several at once: each makes databases of its own and listens on ports of its own,
// and most of a file's time is spent waiting (on PostgreSQL, a browser, a child process), which one
// file at a time per core would leave idle. The ERP export and the webhooks' feed read a bound that
// other databases' transactions on the same server hold back: test/support/feed-horizon.ts waits
// those out, so files that read it need not run alone.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import summary from '../test/support/summary-reporter.mjs';
import { bundleTests } from './test-bundles.mjs';

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

// How long each file took the last time, on this machine: the longest start first, so that none
// is left running alone at the end while the other slots stand idle. Files not yet timed start
// before them, the largest first: a longer file is most often a slower one.
const TIMES = join(tmpdir(), 'bis-test-times.json');
const lastTimes = (() => {
  try {
    return JSON.parse(readFileSync(TIMES, 'utf8'));
  } catch {
    return {};
  }
})();
const NOT_TIMED = Number.MAX_SAFE_INTEGER / 2;
const expected = (file) => lastTimes[file] ?? NOT_TIMED + statSync(file).size;
const longestFirst = (list) => [...list].sort((a, b) => expected(b) - expected(a));

const asked = process.argv.length > 2 ? process.argv.slice(2) : everyTestFile();
const missing = asked.filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(`No such test file: ${missing.join(', ')}`);
  process.exit(2);
}
const files = longestFirst(asked);
const concurrency = Number(process.env.TEST_CONCURRENCY ?? 6);

// The spec reporter and the summary each read every event.
const toSpec = new PassThrough({ objectMode: true });
const toSummary = new PassThrough({ objectMode: true });
const told = [toSpec.compose(spec), Readable.from(summary(toSummary))].map((story) => {
  story.pipe(process.stdout, { end: false });
  return finished(story);
});
const bundles = await bundleTests(files);
// Events name the bundle a test ran from; the story names the file it is written in.
const asWritten = (event) => {
  for (const key of ['name', 'file']) {
    if (typeof event.data?.[key] === 'string') event.data[key] = bundles.fileOf(event.data[key]);
  }
  return event;
};
let failed = false;
const thisRun = {};
for await (const raw of run({ files: files.map(bundles.bundleOf), concurrency })) {
  const event = asWritten(raw);
  if (event.type === 'test:fail' && !event.data.skip) failed = true;
  // Each file ends with an event of its own, named by its path, that says how long it ran.
  if (event.type === 'test:complete' && event.data.nesting === 0 && files.includes(event.data.name)) {
    thisRun[event.data.name] = event.data.details?.duration_ms ?? 0;
  }
  toSpec.write(event);
  toSummary.write(event);
}
toSpec.end();
toSummary.end();
bundles.remove();
try {
  writeFileSync(TIMES, JSON.stringify({ ...lastTimes, ...thisRun }));
} catch {
  // Only the order of the next run is lost.
}
await Promise.all(told);
process.exitCode = failed ? 1 : 0;
