// Bundles the compiled service into one file, dist/main.js in place: node then reads one module
// instead of some hundreds, and a new install starts in two seconds rather than three. The
// embedded database's engine (it loads its own files beside its code) and the PostgreSQL driver
// (its native part is optional) stay packages of their own.
import { build } from 'esbuild';

export async function bundleService(distDir) {
  await build({
    entryPoints: [`${distDir}/main.js`],
    outfile: `${distDir}/main.js`,
    allowOverwrite: true,
    bundle: true,
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
}
