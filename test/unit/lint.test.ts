import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';

const BIOME = resolve('node_modules/.bin/biome');

describe('the lint and format check that npm test runs', () => {
  let dir: string;
  before(() => {
    // The project's own rules, in a folder of planted files; it is no git checkout, so its ignore file is not read.
    dir = mkdtempSync(join(tmpdir(), 'bis-lint-'));
    const config = JSON.parse(readFileSync('biome.json', 'utf8'));
    delete config.$schema;
    config.vcs = { enabled: false };
    writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
    mkdirSync(join(dir, 'src'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** The exit status of the check on one planted file of src/. */
  const check = (name: string, source: string) => {
    writeFileSync(join(dir, 'src', name), source);
    return spawnSync(BIOME, ['check', `src/${name}`], { cwd: dir, encoding: 'utf8' }).status;
  };

  it('passes a file that follows the rules', () => {
    assert.equal(
      check(
        'clean.ts',
        'export const total = (amounts: number[]): number => amounts.reduce((sum, a) => sum + a, 0);\n',
      ),
      0,
    );
  });

  it('fails a file that is not formatted', () => {
    assert.equal(check('unformatted.ts', 'export const  total = 1\n'), 1);
  });

  it('fails a line longer than 120 characters that the formatter would break', () => {
    const long = `export const names = [${Array.from({ length: 12 }, (_, i) => `'member-${i}'`).join(', ')}];\n`;
    assert.ok(long.length > 120);
    assert.equal(check('long.ts', long), 1);
  });

  it('fails a non-null assertion in src/, which the payment path must not use', () => {
    assert.equal(check('assertion.ts', 'export const size = (text: string | undefined): number => text!.length;\n'), 1);
  });
});
