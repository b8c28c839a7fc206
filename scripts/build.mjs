#!/usr/bin/env node
// Builds what `npm start` runs (dist/), once, at install: `npm ci` runs this as its prepare step.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

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

// A new embedded database starts as a copy of this empty cluster instead of running initdb, which
// takes seconds: the first start after install is as quick as any other. It holds no key and no
// data; those are made at first start.
const { PGlite } = await import('@electric-sql/pglite');
const seed = await PGlite.create();
const dump = await seed.dumpDataDir('gzip');
await seed.close();
writeFileSync(new URL('../dist/pglite-template.tar.gz', import.meta.url), Buffer.from(await dump.arrayBuffer()));
