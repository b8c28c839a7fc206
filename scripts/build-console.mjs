// Builds the console (console/src) into dist/console: one script and one stylesheet, named by
// their content so a browser may keep them for good, and the page that loads them. No inline
// script or style, so the console runs under a Content-Security-Policy that allows none.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export async function buildConsole(rootDir) {
  const outDir = `${rootDir}/dist/console`;
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const result = await build({
    entryPoints: { console: `${rootDir}/console/src/main.tsx` },
    outdir: `${outDir}/assets`,
    entryNames: '[name]-[hash]',
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    metafile: true,
    logLevel: 'warning',
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => basename(file));
  const script = outputs.find((file) => file.endsWith('.js'));
  const style = outputs.find((file) => file.endsWith('.css'));
  writeFileSync(
    `${outDir}/index.html`,
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>Payments console</title>
<link rel="stylesheet" href="/console/assets/${style}">
<script type="module" src="/console/assets/${script}"></script>
</head>
<body><div id="app"></div><noscript>The console needs JavaScript.</noscript></body>
</html>
`,
  );
}

// Run as a script (npm test does, before the browser suites): builds this checkout's console.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildConsole(fileURLToPath(new URL('..', import.meta.url)));
}
