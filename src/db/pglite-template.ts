import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where the build leaves an empty embedded cluster: the same file from src/db and from dist/db. */
const TEMPLATE = new URL('../../dist/pglite-template.tar.gz', import.meta.url);

/**
 * The empty cluster a new data directory starts from, when the build made one and the directory
 * holds no database yet; undefined otherwise, and the engine runs initdb itself.
 */
export function emptyClusterFor(dataDir: string): Blob | undefined {
  if (existsSync(join(dataDir, 'PG_VERSION')) || !existsSync(TEMPLATE)) return undefined;
  return new Blob([readFileSync(TEMPLATE)]);
}
