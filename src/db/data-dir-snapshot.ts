import { copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Db, Executor } from './schema.js';

/**
 * Where snapshots are made: inside the data directory, so they are on its disk (a copy there is
 * quick), as private as it, and removed at the next start after a crash.
 */
const SNAPSHOTS_DIR = 'backup-snapshots';

// What a copy leaves out, as pg_basebackup does: the service's own files (a lock naming this
// process, a one-time setup code), the engine's files of a running server, and the log, whose
// segments from the backup's start to its end are added afterwards.
const NOT_DATABASE = new Set([
  'bis.lock',
  'setup-code',
  SNAPSHOTS_DIR,
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_manifest',
  'current_logfiles',
]);
/** Folders copied without the files in them: the engine fills them again as it starts. */
const EMPTIED = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const PG_CONTROL = ['global', 'pg_control'];
/** Files copied at once: enough to keep the disk busy. */
const COPIES_AT_ONCE = 8;

export interface Snapshot {
  /** A folder of the database's files, as a data directory holds them. */
  dir: string;
  files: number;
  bytes: number;
  /** How long the database was held, at the start and at the end: every other statement waited. */
  heldMs: number;
  /** Removes the folder; once the copy is sent, or when sending it failed. */
  discard(): Promise<void>;
}

/** Removes what snapshots a stopped process left: called while the data directory's lock is held. */
export async function clearSnapshots(dataDir: string): Promise<void> {
  await rm(join(dataDir, SNAPSHOTS_DIR), { recursive: true, force: true });
}

/**
 * Copies the embedded database into a folder of its own while the service goes on, with
 * PostgreSQL's own online backup: pg_backup_start marks where a restore begins (after a
 * checkpoint), the files are copied while payments are written, and pg_backup_stop gives the
 * label that tells a restore to replay the log from that mark to the copy's end. A page copied
 * while it was written is repaired by that replay, from the whole page the log holds of it. The
 * database is held only for the two calls; a second backup must not start meanwhile, as its
 * checkpoint may recycle log this one needs.
 */
export async function snapshotDataDir(db: Db, dataDir: string): Promise<Snapshot> {
  await mkdir(join(dataDir, SNAPSHOTS_DIR), { recursive: true, mode: 0o700 });
  const dir = await mkdtemp(join(dataDir, SNAPSHOTS_DIR, 'snapshot-'));
  const discard = () => rm(dir, { recursive: true, force: true });
  let heldMs = 0;
  const hold = <T>(run: (held: Executor) => Promise<T>) =>
    db.connection().execute(async (held) => {
      const started = performance.now();
      try {
        return await run(held);
      } finally {
        heldMs += performance.now() - started;
      }
    });
  const stopBackup = async () => {
    const { rows } = await hold((held) =>
      sql<{ label: string; last: string }>`
        select labelfile as label, pg_walfile_name(lsn) as last from pg_backup_stop(false)`.execute(held),
    );
    if (!rows[0]) throw new Error('pg_backup_stop() returned no row');
    return rows[0];
  };
  try {
    await hold((held) => sql`select pg_backup_start('bis backup', true)`.execute(held));
    let copied: { files: number; bytes: number };
    try {
      copied = await copyTree(dataDir, dir);
      // pg_control last, as pg_basebackup sends it.
      copied.bytes += await copyFiles(dataDir, dir, [PG_CONTROL]);
      copied.files += 1;
    } catch (error) {
      // The engine stays in backup mode until told; the next backup could not start.
      await stopBackup().catch(() => {});
      throw error;
    }
    const stop = await stopBackup();
    await writeFile(join(dir, 'backup_label'), stop.label, { mode: 0o600 });
    const first = /^START WAL LOCATION: .* \(file ([0-9A-F]{24})\)$/m.exec(stop.label)?.[1];
    if (!first) throw new Error(`the backup label names no start segment: ${stop.label}`);
    const segments = walSegments(first, stop.last).map((name) => ['pg_wal', name]);
    copied.bytes += await copyFiles(dataDir, dir, segments, 'strict').catch((error) => {
      if (!vanished(error)) throw error;
      throw new Error(
        `the log from ${first} to ${stop.last} was recycled while the files were copied; take the backup again`,
      );
    });
    return { dir, files: copied.files + segments.length + 1, bytes: copied.bytes, heldMs: Math.round(heldMs), discard };
  } catch (error) {
    await discard();
    throw error;
  }
}

/** The names of the log segments from `first` to `last`, on one timeline (a segment file name is timeline, log and segment, eight hex digits each). */
function walSegments(first: string, last: string): string[] {
  const timeline = first.slice(0, 8);
  const number = (name: string) => BigInt(`0x${name.slice(8, 16)}`) * 0x100000000n + BigInt(`0x${name.slice(16)}`);
  const names: string[] = [];
  for (let n = number(first); n <= number(last); n++) {
    const hex = (value: bigint) => value.toString(16).toUpperCase().padStart(8, '0');
    names.push(`${timeline}${hex(n / 0x100000000n)}${hex(n % 0x100000000n)}`);
  }
  return names;
}

const skipped = (path: string[], isDir: boolean) => {
  const name = path.at(-1) ?? '';
  if (path.length === 1 && NOT_DATABASE.has(name)) return true;
  if (path.join('/') === PG_CONTROL.join('/')) return true;
  if (name === 'pg_internal.init' || name.startsWith('pgsql_tmp')) return true;
  // An emptied folder is copied bare; the log's keeps its folders (archive_status, summaries).
  return path.length > 1 && EMPTIED.has(path[0] ?? '') && !(isDir && path[0] === 'pg_wal');
};

/** Copies the folders and the regular files a copy keeps, those vanished meanwhile (a table dropped) aside. */
async function copyTree(from: string, to: string): Promise<{ files: number; bytes: number }> {
  const files: string[][] = [];
  const walk = async (path: string[]) => {
    const entries = await readdir(join(from, ...path), { withFileTypes: true }).catch((error) => {
      if (!vanished(error)) throw error;
      return [];
    });
    for (const entry of entries) {
      const child = [...path, entry.name];
      if (skipped(child, entry.isDirectory())) continue;
      if (entry.isDirectory()) {
        await mkdir(join(to, ...child), { mode: 0o700 });
        await walk(child);
      } else if (entry.isFile()) {
        files.push(child);
      }
    }
  };
  await walk([]);
  return { files: files.length, bytes: await copyFiles(from, to, files) };
}

/** Copies files, a few at once; how many bytes. 'strict': a missing file is an error. */
async function copyFiles(from: string, to: string, files: string[][], missing: 'skip' | 'strict' = 'skip') {
  let bytes = 0;
  let next = 0;
  const copier = async () => {
    for (let path = files[next++]; path !== undefined; path = files[next++]) {
      try {
        await copyFile(join(from, ...path), join(to, ...path));
      } catch (error) {
        if (missing === 'strict' || !vanished(error)) throw error;
        continue;
      }
      const { size } = await stat(join(to, ...path));
      bytes += size;
    }
  };
  await Promise.all(Array.from({ length: COPIES_AT_ONCE }, copier));
  return bytes;
}

const vanished = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
