import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// The service and bis as tests run them in processes of their own: bundled from the sources, as
// `npm run build` bundles dist/main.js. Node starts a bundle in half the time it takes to compile
// the sources as it loads them, and the suite starts a few hundred of these processes.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// One level below the project, as dist/ is: the code finds package.json and dist/ beside it.
const DIR = join(ROOT, '.test-build');

/** What the bundles are made from: every source file and the installed packages. */
function sourcesHash(): string {
  const hash = createHash('sha256');
  const files = (readdirSync(join(ROOT, 'src'), { recursive: true }) as string[]).filter((file) => /\.ts$/.test(file));
  for (const file of files.sort()) hash.update(file).update(readFileSync(join(ROOT, 'src', file)));
  hash.update(readFileSync(join(ROOT, 'package-lock.json')));
  return hash.digest('hex').slice(0, 12);
}

export interface Built {
  /** src/main.ts: what `npm start` runs. */
  service: string;
  /** src/cli/main.ts: the bis command. */
  bis: string;
}

let built: Promise<Built> | undefined;

/**
 * The bundles of the sources as they are now, built once for them: several test files (in
 * processes of their own) may ask at once, so each file is written aside and renamed into place,
 * the entry points last, and a bundle whose entry points exist is whole.
 */
export function builtEntries(): Promise<Built> {
  built ??= (async () => {
    const hash = sourcesHash();
    const entries = { service: join(DIR, `${hash}-main.js`), bis: join(DIR, `${hash}-bis.js`) };
    const existing = new Set(readdirSafe());
    if (existing.has(basename(entries.service)) && existing.has(basename(entries.bis))) return entries;
    const result = await build({
      absWorkingDir: ROOT,
      entryPoints: { main: 'src/main.ts', bis: 'src/cli/main.ts' },
      outdir: DIR,
      entryNames: `${hash}-[name]`,
      chunkNames: `${hash}-chunk-[hash]`,
      bundle: true,
      splitting: true,
      write: false,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: ['@electric-sql/pglite', 'pg', 'pg-native'],
      // The CommonJS packages inside call require(), which an ES module does not have.
      banner: {
        js: "import { createRequire as bundleRequire } from 'node:module'; const require = bundleRequire(import.meta.url);",
      },
      logLevel: 'warning',
    });
    mkdirSync(DIR, { recursive: true });
    for (const file of existing) if (!file.startsWith(hash)) rmSync(join(DIR, file), { force: true });
    const isEntry = (path: string) => path === entries.service || path === entries.bis;
    const ordered = [...result.outputFiles].sort((a, b) => Number(isEntry(a.path)) - Number(isEntry(b.path)));
    for (const file of ordered) {
      const aside = `${file.path}.${process.pid}.tmp`;
      writeFileSync(aside, file.contents);
      renameSync(aside, file.path);
    }
    return entries;
  })();
  return built;
}

function readdirSafe(): string[] {
  try {
    return readdirSync(DIR);
  } catch {
    return [];
  }
}
