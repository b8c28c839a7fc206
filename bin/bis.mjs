#!/usr/bin/env node
// The operator's command line. In a clone it runs the sources, so it is never older than the
// code beside it; an installation without dev dependencies runs the build instead.
import { fileURLToPath, pathToFileURL } from 'node:url';

let register;
try {
  ({ register } = await import('tsx/esm/api'));
} catch {
  register = undefined;
}
if (register) {
  register();
  await import(new URL('../src/cli/main.ts', import.meta.url).href);
} else {
  await import(pathToFileURL(fileURLToPath(new URL('../dist/cli/main.js', import.meta.url))).href);
}
