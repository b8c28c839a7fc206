#!/usr/bin/env node
// Builds what `npm start` runs (dist/), once, at install: `npm ci` runs this as its prepare step.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
let tsc;
try {
  tsc = require.resolve('typescript/bin/tsc');
} catch {
  tsc = undefined;
}
if (!tsc) {
  // npm ci --omit=dev leaves out the compiler. A clone that has been built already is fine.
  if (existsSync(new URL('../dist/main.js', import.meta.url))) process.exit(0);
  process.stderr.write(
    [
      'bank-integration-service: the build needs the development tools once, and they are not installed.',
      'Install for production with:  npm ci && npm prune --omit=dev',
      '(npm ci builds dist/ with the tools; npm prune then removes them.)',
      '',
    ].join('\n'),
  );
  process.exit(1);
}
const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);

// dist/ keeps every compiled module (bis and the migrations below import them); dist/main.js,
// what npm start runs, becomes the whole service in one file.
const { bundleService } = await import('./bundle.mjs');
await bundleService(fileURLToPath(new URL('../dist', import.meta.url)));

// The console's page, script and stylesheet, which the service serves at /console.
const { buildConsole } = await import('./build-console.mjs');
await buildConsole(fileURLToPath(new URL('..', import.meta.url)));

// A new embedded database starts as a copy of this cluster instead of running initdb and every
// migration, which take seconds: the first start after install is as quick as any other. It holds
// the schema only, no key and no data; those are made at first start. A plain folder, copied file
// by file, opens quicker than an archive the engine unpacks itself.
const { rmSync } = await import('node:fs');
const { PGlite } = await import('@electric-sql/pglite');
const { Kysely } = await import('kysely');
const { PGliteDialect } = await import('../dist/db/pglite-dialect.js');
const { PGLITE_EXTENSIONS } = await import('../dist/db/pglite-extensions.js');
const { migrateToLatest } = await import('../dist/db/migrate.js');
const template = fileURLToPath(new URL('../dist/pglite-template', import.meta.url));
rmSync(template, { recursive: true, force: true });
rmSync(new URL('../dist/pglite-template.tar.gz', import.meta.url), { force: true });
const seed = await PGlite.create({ dataDir: template, extensions: PGLITE_EXTENSIONS });
const db = new Kysely({ dialect: new PGliteDialect(seed) });
await migrateToLatest(db);
await db.destroy();
if (!seed.closed) await seed.close();
// The engine made its files for the user who built them (some 0600). The service may run as
// another, as the systemd unit's bis runs an installation root built: every user may read the
// template, which holds no secret; the copy a data directory gets is made private as it is made.
const { chmodSync, readdirSync } = await import('node:fs');
const { join } = await import('node:path');
chmodSync(template, 0o755);
// parentPath from Node 20.12; path before it.
for (const entry of readdirSync(template, { recursive: true, withFileTypes: true }))
  chmodSync(join(entry.parentPath ?? entry.path, entry.name), entry.isDirectory() ? 0o755 : 0o644);
