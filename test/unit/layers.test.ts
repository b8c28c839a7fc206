import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { test } from 'node:test';
import { MEMBER_STATUSES } from '../../src/member-statuses.js';
import { ROLES } from '../../src/operators/roles.js';
import { PAYMENT_TYPES } from '../../src/payments/channels.js';
import { PAYMENT_STATUSES } from '../../src/payments/payment-schemas.js';
import { STATEMENT_FORMATS } from '../../src/statements/formats.js';
import { EVENT } from '../../src/webhooks/events.js';

const SRC = join(import.meta.dirname, '..', '..', 'src');
const sources = (readdirSync(SRC, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts'))
  .map((file) => ({ file: file.split('\\').join('/'), text: readFileSync(join(SRC, file), 'utf8') }));

/** Every folder of src/ a file imports from, by its path from src/ ('http/schemas.ts' -> 'http'). */
function importedFolders(file: string, text: string): string[] {
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.\.?\/[^']+)'/g)].map(
    (match) =>
      normalize(join(dirname(file), match[1] ?? ''))
        .split('\\')
        .join('/')
        .split('/')[0] ?? '',
  );
}

const under = (folder: string) => (file: string) => file.startsWith(`${folder}/`);
/** The files that assemble the app from its parts. */
const assemblesApp = (file: string) => file === 'app.ts' || file === 'main.ts';

function offenders(mayImport: (file: string) => boolean, folder: string): string[] {
  return sources
    .filter(({ file }) => !mayImport(file))
    .filter(({ file, text }) => importedFolders(file, text).includes(folder))
    .map(({ file }) => file);
}

test('services, stores and pages import nothing from src/http: only routes and the app do', () => {
  const mayImport = (file: string) => under('routes')(file) || under('http')(file) || assemblesApp(file);
  assert.deepEqual(offenders(mayImport, 'http'), []);
});

test('nothing but the app imports from src/routes: no service or store reaches up into a route', () => {
  const mayImport = (file: string) => under('routes')(file) || assemblesApp(file);
  assert.deepEqual(offenders(mayImport, 'routes'), []);
});

test('no route declares its request types by hand: they come from its schemas through the TypeBox type provider', () => {
  const handWritten = sources
    .filter(({ file }) => under('routes')(file))
    .filter(({ text }) => /\.(get|post|put|patch|delete|head|options|all|route)\s*<\s*[{A-Za-z]/.test(text))
    .map(({ file }) => file);
  assert.deepEqual(handWritten, []);
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

test('only the outbox writes messages into webhook_messages', () => {
  const writers = sources
    .filter(({ file }) => file !== join('webhooks', 'outbox.ts'))
    .filter(({ text }) => /insert\s+into\s+webhook_messages\b|insertInto\(\s*['"]webhook_messages['"]/i.test(text))
    .map(({ file }) => file);
  assert.deepEqual(writers, []);
});

test("event types are named in src/webhooks/events.ts only: elsewhere by EVENT's keys", () => {
  const names = Object.values(EVENT);
  const quoted = new RegExp(`(['"])(${names.map((name) => name.replace('.', '\\.')).join('|')})\\1`, 'g');
  const named = sources
    // The audit's actions are a list of their own (audit-actions.ts, and their sentences), where some share a name with an event.
    .filter(
      ({ file }) =>
        file !== join('webhooks', 'events.ts') &&
        file !== join('audit', 'audit-actions.ts') &&
        file !== join('audit', 'audit-sentences.ts'),
    )
    .flatMap(({ file, text }) =>
      [...text.replace(/\.record\(\s*(['"])[^'"]*\1/g, '').matchAll(quoted)].map((match) => `${file}: ${match[0]}`),
    );
  assert.deepEqual(named, []);
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
  {
    name: 'member statuses',
    values: MEMBER_STATUSES,
    allowed: ['src/member-statuses.ts'],
    distinct: false,
  },
  {
    name: 'payment statuses',
    values: PAYMENT_STATUSES,
    allowed: ['src/payments/payment-schemas.ts'],
    distinct: false,
    // Sentences name them ("accepted, held and returned payments"); a copy in code quotes them.
    quoted: true,
  },
];
const GENERATED = (file: string) => file === 'console/src/api-types.d.ts' || file.startsWith('src/db/migrations/');

/**
 * The values in their order with nothing but punctuation, space, "or", "and" or TypeBox's
 * Type.Literal between: 'a' | 'b', "a, b or c", [Type.Literal('a'), Type.Literal('b')].
 * Quoted: only as strings in code, for names sentences use too.
 */
const writtenOut = (values: readonly string[], quoted = false) =>
  new RegExp(
    values
      .map((value) => (quoted ? `['"\`]${value}['"\`]` : `\\b${value}\\b`))
      .join(String.raw`(?:[^\w]|\bor\b|\band\b|Type\.Literal)*`),
  );

/** The files that write a list out, or (for distinct names) hold more than one of its values as a string. */
function copiesOf(list: (typeof LISTS)[number], sources: readonly { file: string; text: string }[]) {
  const sequence = writtenOut(list.values, 'quoted' in list && list.quoted);
  const quoted = (text: string) => list.values.filter((value) => new RegExp(`['"\`]${value}['"\`]`).test(text));
  return sources
    .filter(({ file }) => !list.allowed.includes(file) && !GENERATED(file))
    .filter(({ text }) => sequence.test(text) || (list.distinct && quoted(text).length > 1))
    .map(({ file }) => file);
}

test('each list several places need is written out once: channels, statement formats, roles, statuses', () => {
  const copies = Object.fromEntries(LISTS.map((list) => [list.name, copiesOf(list, everySource)]));
  assert.deepEqual(copies, Object.fromEntries(LISTS.map((list) => [list.name, []])));
});

test("the console's copy of the channels is keyed by the API's type, so it cannot drift from the list", () => {
  const copy = everySource.find(({ file }) => file === 'console/src/pages/payments/words.ts');
  assert.match(copy?.text ?? '', /: Record<Channel, true> = \{/);
});
