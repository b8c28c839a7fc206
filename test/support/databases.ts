import { randomBytes } from 'node:crypto';
import { describe } from 'node:test';
import pg from 'pg';
import { type Database, type DatabaseOptions, openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import './feed-horizon.js';
import { migratedPgliteImage, migratedPostgresTemplate, whileInUse } from './migrated-images.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** Why a suite that needs a PostgreSQL server did not run: `npm test`'s summary groups them by it. */
export const NEEDS_POSTGRES = process.env.TEST_DATABASE_URL
  ? false
  : 'PostgreSQL suites skipped: set TEST_DATABASE_URL';

/**
 * PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server. Without one, the file's
 * PostgreSQL suites are reported as skipped, so a green run never hides that they did not run.
 */
export function databaseKinds(): DatabaseKind[] {
  if (process.env.TEST_DATABASE_URL) return ['pglite', 'postgres'];
  describe('the same suites on PostgreSQL', { skip: NEEDS_POSTGRES }, () => {});
  return ['pglite'];
}

export interface TestDatabase {
  options: DatabaseOptions;
  /** Drops what the test made. */
  dispose(): Promise<void>;
}

/**
 * A new database: in-memory PGlite, or a database of its own on the PostgreSQL server, so test
 * files running at once never see each other's rows. `empty` is what a new install starts from;
 * `migrated` holds the schema already, as every migration leaves it, and no rows.
 */
export async function createTestDatabase(
  kind: DatabaseKind,
  dataDir?: string,
  start: 'empty' | 'migrated' = 'empty',
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const image = start === 'migrated' && dataDir === undefined ? await migratedPgliteImage() : undefined;
    return { options: { dataDir, image }, dispose: async () => {} };
  }
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `bis_test_${randomBytes(6).toString('hex')}`;
  const template = start === 'migrated' ? ` template ${await migratedPostgresTemplate(serverUrl)}` : '';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await whileInUse(() => admin.query(`create database ${name}${template}`));
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    options: { url: url.toString() },
    dispose: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function openMigrated(options: DatabaseOptions): Promise<Database> {
  const database = await openDatabase(options);
  await migrateToLatest(database.db);
  return database;
}
