import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { ROLES } from '../../src/operators/roles.js';
import { PAYMENT_TYPES } from '../../src/payments/channels.js';
import { STATEMENT_FORMATS } from '../../src/statements/formats.js';

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

const ROOT = join(import.meta.dirname, '..', '..');
const everySource = ['src', 'console/src'].flatMap((dir) =>
  (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => ({ file: `${dir}/${file}`, text: readFileSync(join(ROOT, dir, file), 'utf8') })),
);

/**
 * Where a list may be written out: its own file, and (for the console, which cannot import the
 * service) one copy its compiler holds to the type generated from the OpenAPI document. The
 * generated types are made from the lists, and a migration keeps the list as it was then.
 */
const LISTS = [
  {
    name: 'payment channels',
    values: PAYMENT_TYPES,
    allowed: ['src/payments/channels.ts', 'console/src/pages/payments/words.ts'],
    // The names are the bank's own words: two of them as strings anywhere else are a list begun.
    distinct: true,
  },
  { name: 'statement formats', values: STATEMENT_FORMATS, allowed: ['src/statements/formats.ts'], distinct: false },
  { name: 'operator roles', values: ROLES, allowed: ['src/operators/roles.ts'], distinct: false },
];
const GENERATED = (file: string) => file === 'console/src/api-types.d.ts' || file.startsWith('src/db/migrations/');

/**
 * The values in their order with nothing but punctuation, space, "or", "and" or TypeBox's
 * Type.Literal between: 'a' | 'b', "a, b or c", [Type.Literal('a'), Type.Literal('b')].
 */
const writtenOut = (values: readonly string[]) =>
  new RegExp(values.map((value) => `\\b${value}\\b`).join(String.raw`(?:[^\w]|\bor\b|\band\b|Type\.Literal)*`));

/** The files that write a list out, or (for distinct names) hold more than one of its values as a string. */
function copiesOf(list: (typeof LISTS)[number], sources: readonly { file: string; text: string }[]) {
  const sequence = writtenOut(list.values);
  const quoted = (text: string) => list.values.filter((value) => new RegExp(`['"\`]${value}['"\`]`).test(text));
  return sources
    .filter(({ file }) => !list.allowed.includes(file) && !GENERATED(file))
    .filter(({ text }) => sequence.test(text) || (list.distinct && quoted(text).length > 1))
    .map(({ file }) => file);
}

test('each list several places need is written out once: channels, statement formats, roles', () => {
  const copies = Object.fromEntries(LISTS.map((list) => [list.name, copiesOf(list, everySource)]));
  assert.deepEqual(copies, Object.fromEntries(LISTS.map((list) => [list.name, []])));
});

test("the console's copy of the channels is keyed by the API's type, so it cannot drift from the list", () => {
  const copy = everySource.find(({ file }) => file === 'console/src/pages/payments/words.ts');
  assert.match(copy?.text ?? '', /: Record<Channel, true> = \{/);
});
