import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { DatabaseUnavailableError } from './unavailable.js';
import { PGliteDialect } from './pglite-dialect.js';
import type { Db } from './schema.js';

/** The service's view of its database: the same queries run on both implementations. */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A postgres:// URL; without it the embedded database is used. */
  url?: string | undefined;
  /** Where the embedded database keeps its files; undefined keeps it in memory (tests). */
  dataDir?: string | undefined;
}

const INT8_OID = 20;

function wrap(kind: Database['kind'], db: Db): Database {
  return {
    kind,
    db,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      connectionTimeoutMillis: 5_000,
      // A transaction left open (an import whose upload stalled) would hold back the ERP export's
      // bound and keep its locks: the server ends it after a minute of silence.
      options: '-c idle_in_transaction_session_timeout=60000',
      // identity columns are int8; our values stay far below 2^53, so numbers are exact and match PGlite.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client that loses its server emits 'error'; without a listener that would end the process.
    pool.on('error', () => {});
    // A failed connect is told apart from a failed statement, so the caller can answer 503.
    const connect = async () => {
      try {
        return await pool.connect();
      } catch (error) {
        throw new DatabaseUnavailableError(error);
      }
    };
    return wrap('postgres', new Kysely({ dialect: new PostgresDialect({ pool: { connect, end: () => pool.end() } }) }));
  }
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    const pglite = await PGlite.create(options.dataDir ?? undefined);
    const database = wrap('pglite', new Kysely({ dialect: new PGliteDialect(pglite) }));
    const close = async () => {
      await database.close();
      // Kysely only closes a driver it has used; a database opened and never queried is closed here.
      if (!pglite.closed) await pglite.close();
      release();
    };
    return { ...database, close };
  } catch (error) {
    release();
    throw error;
  }
}
