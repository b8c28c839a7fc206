// The test files as `npm test` runs them: bundled with the sources they import, as plain
// JavaScript. Node loading a few hundred TypeScript modules through a compiler's hooks took a
// second or more of each test process's time; a bundle loads in a fraction of that. The installed
// packages stay outside, loaded as Node loads them.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, transform } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');

/**
 * Code that finds files beside itself (fixtures, the migrations, package.json) keeps finding them:
 * each module's `import.meta` names the file it was written in, not the bundle it ends up in.
 */
const whereWritten = {
  name: 'where-written',
  setup(build) {
    const tsconfigRaw = readFileSync(join(ROOT, 'tsconfig.json'), 'utf8');
    build.onLoad({ filter: /\.(ts|mjs)$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta')) return undefined;
      const { code } = await transform(source, {
        loader: args.path.endsWith('.ts') ? 'ts' : 'js',
        format: 'esm',
        tsconfigRaw,
        sourcefile: args.path,
        sourcemap: 'inline',
        define: {
          'import.meta.url': JSON.stringify(pathToFileURL(args.path).href),
          'import.meta.dirname': JSON.stringify(dirname(args.path)),
          'import.meta.filename': JSON.stringify(args.path),
        },
      });
      return { contents: code, loader: 'js' };
    });
  },
};

/**
 * Bundles `files` (paths from the project's root) into a folder of this run's own, so that runs
 * side by side never share one. Returns where each file's bundle is and how to map a bundle's path
 * back to its file.
 */
export async function bundleTests(files) {
  const runs = join(ROOT, '.test-bundles');
  // What a run stopped before its end left behind.
  for (const run of readdirSafe(runs))
    if (!running(Number(run))) rmSync(join(runs, run), { recursive: true, force: true });
  const dir = join(runs, String(process.pid));
  await build({
    absWorkingDir: ROOT,
    entryPoints: files,
    outdir: dir,
    outbase: '.',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    plugins: [whereWritten],
    logLevel: 'warning',
  });
  const bundleOf = (file) => relative(ROOT, join(dir, file.replace(/\.ts$/, '.js')));
  const fileOf = (path) => {
    const inside = relative(dir, resolve(ROOT, path));
    if (inside.startsWith('..')) return path;
    const file = inside.replace(/\.js$/, '.ts');
    return isAbsolute(path) ? join(ROOT, file) : file;
  };
  return { bundleOf, fileOf, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function readdirSafe(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
