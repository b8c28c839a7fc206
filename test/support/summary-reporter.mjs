import { resolve } from 'node:path';

/**
 * The last lines of `npm test`, after the spec reporter's story: how many tests passed, failed and
 * were skipped, each failure by name, and why each skipped suite was, grouped by reason. The
 * line starting "tests:" is the one CI reads. The ten slowest files come first: where the time
 * of a slow run went.
 */
export default async function* summary(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failures = [];
  const skippedSuites = new Map();
  const fileTimes = new Map();
  for await (const event of source) {
    const { data } = event;
    // Each file ends with an event of its own, named by its path, that says how long it ran.
    if (event.type === 'test:complete' && data.nesting === 0 && data.file && resolve(data.name) === data.file) {
      fileTimes.set(data.name, data.details?.duration_ms ?? 0);
    }
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const isSuite = data.details?.type === 'suite';
    if (data.skip !== undefined && data.skip !== false) {
      if (isSuite) {
        const reason = typeof data.skip === 'string' ? data.skip : 'skipped';
        skippedSuites.set(reason, [...(skippedSuites.get(reason) ?? []), data.name]);
      } else skipped += 1;
    } else if (isSuite) {
      // A suite is counted through its tests; one that failed in its own hooks is named below.
      if (event.type === 'test:fail' && data.details?.error?.failureType !== 'subtestsFailed') {
        failures.push(`${data.name} (${data.details?.error?.failureType ?? 'failed'})`);
      }
    } else if (event.type === 'test:pass') passed += 1;
    else {
      failed += 1;
      failures.push(data.name);
    }
  }
  const lines = ['', '── summary ──', 'slowest files (seconds, as they ran beside others):'];
  const slowest = [...fileTimes].sort((a, b) => b[1] - a[1]).slice(0, 10);
  for (const [file, ms] of slowest) lines.push(`  ${(ms / 1000).toFixed(0).padStart(4)}  ${file}`);
  for (const name of failures) lines.push(`failed: ${name}`);
  for (const [reason, names] of skippedSuites) {
    lines.push(`skipped ${names.length} suite${names.length === 1 ? '' : 's'}: ${reason}`);
    for (const name of names) lines.push(`  - ${name}`);
  }
  const suites = [...skippedSuites.values()].reduce((sum, names) => sum + names.length, 0);
  lines.push(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped, ${suites} suites skipped`);
  yield `${lines.join('\n')}\n`;
}
