import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { builtEntries } from './built.js';
import { closedPort } from './cli.js';
import { createTestDatabase, type DatabaseKind } from './databases.js';
import type { SessionSettings } from './doc-session.js';
import { startService, stopService } from './service-process.js';

/** A port the system gave and took back may be taken again before the service binds it: then another. */
async function startOnFreePort(env: NodeJS.ProcessEnv) {
  for (let attempt = 1; ; attempt++) {
    const port = await closedPort();
    try {
      return { port, service: await startService({ ...env, PORT: String(port) }) };
    } catch (error) {
      if (attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

export interface DocumentService extends SessionSettings {
  stop(): Promise<void>;
}

/**
 * The service as a reader starts it with `npm start` in the clone: its own process, no admin yet,
 * its embedded database in ./data of the directory the blocks run in (or a new PostgreSQL database
 * of its own), on a free port. The port is chosen before the start, as hand-over links carry it.
 */
export async function startDocumentService(kind: DatabaseKind): Promise<DocumentService> {
  const cwd = mkdtempSync(join(tmpdir(), 'bis-docs-'));
  const home = join(cwd, '.home');
  mkdirSync(home);
  const database = kind === 'postgres' ? await createTestDatabase('postgres', undefined, 'migrated') : undefined;
  const env = { BIS_ADMIN_TOKEN: '', BIS_DATA_DIR: join(cwd, 'data'), DATABASE_URL: database?.options.url ?? '' };
  const { port, service } = await startOnFreePort(env);
  return {
    origin: `http://localhost:${port}`,
    cwd,
    home,
    bis: (await builtEntries()).bis,
    stop: async () => {
      await stopService(service, 'SIGTERM');
      await database?.dispose();
      rmSync(cwd, { recursive: true, force: true });
    },
  };
}
