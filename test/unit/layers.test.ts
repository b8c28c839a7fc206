import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const SRC = join(import.meta.dirname, '..', '..', 'src');
const sources = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file, text: readFileSync(join(SRC, file), 'utf8') }));

/** The HTTP layer: the http folder, the admin API's plugins, every routes file, and the app that assembles them. */
const isHttpLayer = (file: string) =>
  /^(http|admin)\//.test(file) || /-routes?\.ts$/.test(file) || file === 'app.ts' || file === 'main.ts';

test('services, stores and pages import nothing from src/http', () => {
  const offenders = sources
    .filter(({ file }) => !isHttpLayer(file))
    .filter(({ text }) => /from '(\.\.?\/)+http\//.test(text) || /from '\.\/http\//.test(text))
    .map(({ file }) => relative(SRC, join(SRC, file)));
  assert.deepEqual(offenders, []);
});

test('no source file is longer than 200 lines', () => {
  const long = sources.filter(({ text }) => text.split('\n').length > 201).map(({ file }) => file);
  assert.deepEqual(long, []);
});

/** The error vocabulary: src/errors.ts and the files of src/errors/ it re-exports. */
const isErrorsModule = (file: string) => file === 'errors.ts' || file.startsWith('errors/');

test('errors are made only by the named constructors of src/errors/', () => {
  const offenders = sources
    .filter(({ file }) => !isErrorsModule(file))
    .filter(({ text }) => /new DomainError\(/.test(text))
    .map(({ file }) => file);
  assert.deepEqual(offenders, []);
});

// Kinds with many causes are objects of named constructors; called as a function, one would take words of the caller's.
const KINDS = ['conflict', 'notFound', 'gone', 'forbidden', 'unauthorized', 'rateLimited', 'unavailable', 'tooLarge'];

test('no error of a kind with many causes is worded where it is thrown: conflict.lastAdmin(), never conflict(text)', () => {
  const wordedHere = new RegExp(`(?<![\\w.])(${KINDS.join('|')})\\(`);
  const offenders = sources
    .filter(({ file }) => !isErrorsModule(file))
    .filter(({ text }) => wordedHere.test(text))
    .map(({ file }) => file);
  assert.deepEqual(offenders, []);
});

test('a refusal of input worded alike in two places is one named constructor of invalidInput', () => {
  const seen = new Map<string, string[]>();
  for (const { file, text } of sources.filter(({ file }) => !isErrorsModule(file))) {
    for (const [, field, problem] of text.matchAll(/invalidInput\(\s*('[^']*'|\w+),\s*('[^']*'|`[^`]*`)/g)) {
      const key = `${field}: ${problem}`;
      seen.set(key, [...(seen.get(key) ?? []), file]);
    }
  }
  const repeated = [...seen].filter(([, files]) => files.length > 1);
  assert.deepEqual(repeated, []);
});
