import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PACKAGE_ROOT } from '../package-root.js';

/** Where the build leaves an empty, migrated embedded cluster. */
const TEMPLATE = fileURLToPath(new URL('dist/pglite-template', PACKAGE_ROOT));

/**
 * Gives a new data directory the build's empty cluster, when the build made one and the directory
 * holds no database yet; otherwise leaves it, and the engine runs initdb itself.
 */
export function seedFromTemplate(dataDir: string): void {
  if (existsSync(join(dataDir, 'PG_VERSION')) || !existsSync(join(TEMPLATE, 'PG_VERSION'))) return;
  cpSync(TEMPLATE, dataDir, { recursive: true });
}
