import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from '../../src/db/migrate.js';
import { PGliteDialect } from '../../src/db/pglite-dialect.js';
import { PGLITE_EXTENSIONS } from '../../src/db/pglite-extensions.js';
import type { Schema } from '../../src/db/schema.js';

/*
 * Running initdb and every migration for each test's database took most of the suite's time. A
 * test database starts instead as a copy of one migrated database, made once per set of migrations
 * and engine version and shared by every test process: a dump file for the embedded engine, a
 * template database on the PostgreSQL server.
 */

const DB_DIR = new URL('../../src/db/', import.meta.url);

/** Changes whenever a migration, the list of them or the embedded engine does. */
const migrationsKey = (() => {
  const hash = createHash('sha256');
  const files = [
    join(DB_DIR.pathname, 'migrate.ts'),
    ...readdirSync(new URL('migrations/', DB_DIR))
      .sort()
      .map((file) => join(DB_DIR.pathname, 'migrations', file)),
  ];
  for (const file of files) hash.update(file).update(readFileSync(file));
  const engine = JSON.parse(
    readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  return hash.update(engine.version).digest('hex').slice(0, 16);
})();

let pgliteImage: Promise<Blob> | undefined;

/** The migrated embedded database, as the engine's dump; made by the first test process that needs it. */
export function migratedPgliteImage(): Promise<Blob> {
  pgliteImage ??= (async () => {
    const dir = join(tmpdir(), 'bis-test-images');
    const file = join(dir, `pglite-${migrationsKey}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const engine = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const db = new Kysely<Schema>({ dialect: new PGliteDialect(engine) });
    await migrateToLatest(db);
    const image = await engine.dumpDataDir('none');
    await db.destroy();
    if (!engine.closed) await engine.close();
    mkdirSync(dir, { recursive: true });
    // Written aside and renamed, so a process that reads it never sees half a file.
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, file);
    return image;
  })();
  return pgliteImage;
}

const templates = new Map<string, Promise<string>>();

/** Retries what fails only because another session is still leaving the database. */
export async function whileInUse(run: () => Promise<unknown>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await run();
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * The name of a migrated template database on the server, made once under an advisory lock so test
 * processes starting together make one. Named after the database of the server URL, so a CI run
 * that drops its database by prefix drops its templates too.
 */
export function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  let template = templates.get(serverUrl);
  if (template) return template;
  template = (async () => {
    const base = new URL(serverUrl).pathname.slice(1).replace(/[^a-z0-9_]/g, '_') || 'bis';
    const name = `${base.slice(0, 40)}_tpl_${migrationsKey}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) {
        const partial = `${name}_${randomBytes(3).toString('hex')}`;
        await admin.query(`create database ${partial}`);
        const url = new URL(serverUrl);
        url.pathname = `/${partial}`;
        const db = new Kysely<Schema>({
          dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 1 }) }),
        });
        await migrateToLatest(db);
        await db.destroy();
        await whileInUse(() => admin.query(`alter database ${partial} rename to ${name}`));
      }
      return name;
    } finally {
      await admin.end();
    }
  })();
  templates.set(serverUrl, template);
  return template;
}
