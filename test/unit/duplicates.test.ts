import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';

const JSCPD = resolve('node_modules/.bin/jscpd');

/** Eight lines of logic, as a copy-paste would bring them, under a name of the caller's. */
const block = (name: string) => `export function ${name}(amounts: string[]): { total: number; count: number } {
  let total = 0;
  let count = 0;
  for (const amount of amounts) {
    const value = Number(amount);
    if (!Number.isFinite(value) || value <= 0) throw new Error(\`not an amount: \${amount}\`);
    total += value;
    count += 1;
  }
  return { total, count };
}
`;

describe('the repetition check that npm test runs over src/', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'bis-duplicates-'));
    copyFileSync('.jscpd.json', join(dir, '.jscpd.json'));
    // jscpd stops at a folder it is told to read and cannot find: every one the check reads is there, if empty.
    const { path: folders } = JSON.parse(readFileSync('.jscpd.json', 'utf8')) as { path: string[] };
    for (const folder of folders) mkdirSync(join(dir, folder), { recursive: true });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const check = () => spawnSync(JSCPD, ['--silent'], { cwd: dir, encoding: 'utf8' }).status;

  it('passes code written once', () => {
    writeFileSync(join(dir, 'src', 'totals.ts'), block('totals'));
    assert.equal(check(), 0);
  });

  it('fails a block of six or more lines written again in another file', () => {
    writeFileSync(join(dir, 'src', 'sums.ts'), block('sums'));
    assert.equal(check(), 1);
  });
});
