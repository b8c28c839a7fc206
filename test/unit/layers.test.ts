import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { EVENT } from '../../src/webhooks/events.js';

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
    // The audit's actions are a list of their own (audit-actions.ts), where some share a name with an event.
    .filter(({ file }) => file !== join('webhooks', 'events.ts') && file !== join('audit', 'audit-actions.ts'))
    .flatMap(({ file, text }) =>
      [...text.replace(/\.record\(\s*(['"])[^'"]*\1/g, '').matchAll(quoted)].map((match) => `${file}: ${match[0]}`),
    );
  assert.deepEqual(named, []);
});
