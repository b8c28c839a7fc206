import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ReadDocument, readDocument } from './doc-blocks.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The documents whose shell blocks npm test runs: the README and everything in docs/. */
export function documentFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs')).filter((name) => name.endsWith('.md'));
  return ['README.md', ...docs.sort().map((name) => `docs/${name}`)];
}

export const readDocumentFile = (file: string): ReadDocument =>
  readDocument(file, readFileSync(join(ROOT, file), 'utf8'));

/** Why the blocks cannot run here, as the summary reports a skipped suite; false when they can. */
export const NEEDS_JQ =
  spawnSync('jq', ['--version']).status === 0
    ? false
    : "jq is not installed: the documents' examples use it (apt-get install jq; .ci/run installs it)";
