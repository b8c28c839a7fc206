import { PGlite } from '@electric-sql/pglite';
import { Kysely, type LogEvent, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { makeDataDirPrivate } from './data-dir-permissions.js';
import { clearSnapshots, type Snapshot, snapshotDataDir } from './data-dir-snapshot.js';
import { pgDumpCommand } from './pg-dump-command.js';
import { PGliteDialect } from './pglite-dialect.js';
import { PGLITE_EXTENSIONS } from './pglite-extensions.js';
import { seedFromTemplate } from './pglite-template.js';
import { prepareRegisteredStatements } from './prepared.js';
import type { Db, Schema } from './schema.js';
import { DatabaseUnavailableError, isDatabaseUnavailable, LOCK_TIMEOUT_MS } from './unavailable.js';

/** The service's view of its database: the same queries run on both implementations. */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly db: Db;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Counts for the metrics endpoint; reading them costs nothing. */
  stats(): DatabaseStats;
  /** How a backup of it is made. */
  readonly backup: DatabaseBackup;
  close(): Promise<void>;
}

/**
 * The embedded database copies its own files while the service runs; PostgreSQL is backed up with
 * the server's tools, and the service only says the command (the password left out); an embedded
 * database kept in memory (tests) has nothing to copy.
 */
export type DatabaseBackup =
  | { kind: 'snapshot'; take(): Promise<Snapshot> }
  | { kind: 'pg_dump'; command(file: string): string }
  | { kind: 'in_memory' };

export interface DatabaseStats {
  /** The connection pool; the embedded database has one connection and no pool. */
  pool?: { max: number; total: number; idle: number; waiting: number };
  /** Failed statements and connection attempts since start, by kind. */
  errors: Record<DatabaseErrorKind, number>;
}

/** unavailable: the database could not be reached or went away; conflict: a constraint or a deadlock said no (expected under concurrency). */
export type DatabaseErrorKind = 'unavailable' | 'conflict' | 'other';

export interface DatabaseOptions {
  /** A postgres:// URL; without it the embedded database is used. */
  url?: string | undefined;
  /** Where the embedded database keeps its files; undefined keeps it in memory (tests). */
  dataDir?: string | undefined;
  /**
   * The files an in-memory embedded database starts from, as the engine's own dump makes them:
   * tests start each database as a copy of one migrated cluster instead of running initdb and
   * every migration again.
   */
  image?: Blob | undefined;
}

const INT8_OID = 20;

// The engine's 128 MB of shared buffers took a third of a second to set up at every start; an
// embedded database is a small one (a large membership runs on PostgreSQL), and the system's file
// cache still holds what does not fit.
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];
const POOL_SIZE = 10;

/** Counts what failed, for the metrics; Kysely reports every failed statement here. */
function errorCounter() {
  const errors: Record<DatabaseErrorKind, number> = { unavailable: 0, conflict: 0, other: 0 };
  const count = (error: unknown) => {
    const code = (error as { code?: unknown } | null)?.code;
    // 23: a constraint said no; 40: a deadlock or serialization failure the caller runs again.
    const conflict = typeof code === 'string' && (code.startsWith('23') || code.startsWith('40'));
    errors[isDatabaseUnavailable(error) ? 'unavailable' : conflict ? 'conflict' : 'other']++;
  };
  const log = (event: LogEvent) => {
    if (event.level === 'error') count(event.error);
  };
  return { errors, count, log };
}

function wrap(kind: Database['kind'], db: Db, stats: () => DatabaseStats, backup: DatabaseBackup): Database {
  return {
    kind,
    db,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    stats,
    backup,
    close: () => db.destroy(),
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const failures = errorCounter();
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: POOL_SIZE,
      connectionTimeoutMillis: 5_000,
      // TCP keep-alive probes after 10 s of silence find an idle connection whose server vanished
      // without closing it (a host gone, a cable pulled), instead of the system's two hours.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // A transaction left open (an import whose upload stalled) would hold back the ERP export's
      // bound and keep its locks: the server ends it after a minute of silence. A statement that
      // waits for a lock (a payment for a member that a long import is rewriting) gives up after
      // a few seconds and the caller gets a 503 to retry, rather than a bank's call hanging;
      // the waits that are meant to be long (migrations, imports) lift this for themselves.
      // Prepared statements are planned on every call, for the tables as they are then: a plan
      // cached once would have been made while a table was empty (a new install, a server without
      // autovacuum) and would scan the whole of payments for every batch once it held millions.
      options: `-c idle_in_transaction_session_timeout=60000 -c lock_timeout=${LOCK_TIMEOUT_MS} -c plan_cache_mode=force_custom_plan`,
      // identity columns are int8; our values stay far below 2^53, so numbers are exact and match PGlite.
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client that loses its server emits 'error'; without a listener that would end the process.
    pool.on('error', () => {});
    // A client in use whose server goes away emits 'error' too, and the pool listens only while it
    // is idle: without a listener of its own the process would end. The statement in flight fails
    // anyway (answered 503), and the pool drops the client when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
      prepareRegisteredStatements(client);
    });
    // A failed connect is told apart from a failed statement, so the caller can answer 503.
    const connect = async () => {
      try {
        return await pool.connect();
      } catch (error) {
        const unavailable = new DatabaseUnavailableError(error);
        failures.count(unavailable);
        throw unavailable;
      }
    };
    const db = new Kysely<Schema>({
      dialect: new PostgresDialect({ pool: { connect, end: () => pool.end() } }),
      log: failures.log,
    });
    const url = options.url;
    return wrap(
      'postgres',
      db,
      () => ({
        pool: { max: POOL_SIZE, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
        errors: { ...failures.errors },
      }),
      { kind: 'pg_dump', command: (file) => pgDumpCommand(url, file) },
    );
  }
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  try {
    if (options.dataDir !== undefined) {
      seedFromTemplate(options.dataDir);
      await clearSnapshots(options.dataDir);
    }
    const pglite = await PGlite.create({
      dataDir: options.dataDir,
      startParams: EMBEDDED_START_PARAMS,
      extensions: PGLITE_EXTENSIONS,
      ...(options.image && options.dataDir === undefined ? { loadDataDir: options.image } : {}),
    });
    // The engine creates its files readable by everyone (0666), whatever the umask: they are made
    // private now, and the files it makes later sit in folders only the service's user can enter.
    if (options.dataDir) makeDataDirPrivate(options.dataDir);
    const db = new Kysely<Schema>({ dialect: new PGliteDialect(pglite), log: failures.log });
    const { dataDir } = options;
    const database = wrap(
      'pglite',
      db,
      () => ({ errors: { ...failures.errors } }),
      dataDir === undefined ? { kind: 'in_memory' } : { kind: 'snapshot', take: () => snapshotDataDir(db, dataDir) },
    );
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
