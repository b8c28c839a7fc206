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
