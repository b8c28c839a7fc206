import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Actor, AuditRecorder } from '../audit/audit-store.js';
import type { Clock } from '../clock.js';
import type { DatabaseBackup } from '../db/database.js';
import { conflict } from '../errors.js';
import { localDateTime } from '../time-zone.js';
import { tarOf } from './tar-writer.js';

export interface BackupTaken {
  /** The name to save it under: bis-backup-2026-11-26T0300.tgz, the time in BIS_TIME_ZONE. */
  fileName: string;
  /** The data directory as a .tgz, read from the snapshot as it is sent. */
  body: Readable;
  files: number;
  bytes: number;
  /** How long every other statement waited for it. */
  heldMs: number;
}

/** "2026-11-26T0300": the moment in the organisation's zone, as a file name may hold it. */
const stampOf = (instant: Date, timeZone: string) =>
  localDateTime(instant, timeZone).replace(' ', 'T').replace(':', '');

/**
 * Backups of the database while the service runs. The embedded database is copied (see
 * snapshotDataDir) and sent as a .tgz of its data directory, which `bis restore` unpacks; on
 * PostgreSQL the answer is the pg_dump command to run instead.
 */
export function createBackupService({
  backup,
  auditStore,
  clock,
  timeZone,
}: {
  backup: DatabaseBackup;
  auditStore: AuditRecorder;
  clock: Clock;
  timeZone: string;
}) {
  let snapshotting = false;
  return {
    async take(actor: Actor): Promise<BackupTaken> {
      const stamp = stampOf(clock.now(), timeZone);
      if (backup.kind === 'pg_dump') throw conflict.backupByPgDump(backup.command(`bis-${stamp}.dump`));
      if (backup.kind === 'in_memory') throw conflict.backupInMemory();
      // One snapshot at a time: the checkpoint that starts one may recycle the log another needs.
      if (snapshotting) throw conflict.backupRunning();
      snapshotting = true;
      const snapshot = await backup.take().finally(() => {
        snapshotting = false;
      });
      const fileName = `bis-backup-${stamp}.tgz`;
      try {
        await auditStore.record('database.backed_up', fileName, actor, {
          files: snapshot.files,
          bytes: snapshot.bytes,
        });
      } catch (error) {
        await snapshot.discard();
        throw error;
      }
      const body = createGzip();
      // Once it is sent, or the download stopped: a snapshot a crash leaves goes at the next start.
      pipeline(Readable.from(tarOf(snapshot.dir)), body, () => {
        snapshot.discard().catch(() => {});
      });
      return { fileName, body, files: snapshot.files, bytes: snapshot.bytes, heldMs: snapshot.heldMs };
    },
  };
}

export type BackupService = ReturnType<typeof createBackupService>;
