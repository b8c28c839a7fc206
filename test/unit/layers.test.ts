import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { test } from 'node:test';

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
