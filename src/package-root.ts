/**
 * The project's folder. This file sits one level below it, in src/ or compiled into dist/, and so
 * does the bundled dist/main.js that `npm start` runs: the same path from all three.
 */
export const PACKAGE_ROOT = new URL('../', import.meta.url);
