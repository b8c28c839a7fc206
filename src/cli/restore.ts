import { createReadStream } from 'node:fs';
import { access, readdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Command } from 'commander';
import { sql } from 'kysely';
import { extractTar } from '../backups/tar-reader.js';
import { makeDataDirPrivate } from '../db/data-dir-permissions.js';
import { skipLostMessageIds } from '../webhooks/restored-message-ids.js';
import { CliError, EXIT, usageError } from './errors.js';
import { print, printJson } from './output.js';

interface Contents {
  payments: number;
  /** When the newest payment was received; null without any. */
  newestPayment: Date | null;
  members: number;
  banks: number;
  /** The webhook-id of the next message: past those the hours after the backup may have sent. */
  nextMessage: string;
}

const notRestored = (message: string) => new CliError(EXIT.refused, `${message}; nothing was left in the directory`);

/** The names in a folder; undefined when there is none. */
async function entriesOf(dir: string): Promise<string[] | undefined> {
  try {
    return await readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw usageError(`cannot use ${dir} (${code ?? String(error)}): name a new directory with --data-dir`);
  }
}

/** Opens a file to read, or says why it cannot. */
async function opened(file: string) {
  const source = createReadStream(file);
  await new Promise<void>((ready, failed) => source.once('ready', () => ready()).once('error', failed)).catch(
    (error: NodeJS.ErrnoException) => {
      throw usageError(`cannot read ${file} (${error.code ?? error.message}): check the path`);
    },
  );
  return source;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * Unpacks a backup of `bis backup` into a new data directory, made private (0700) as the service
 * makes its own, then opens it as the service would: the engine replays the log the backup holds
 * up to the moment the backup ended. A directory that holds anything is refused: a restore never
 * writes over a database. On any failure, what was unpacked is removed.
 */
async function restoreBackup(file: string, dataDir: string) {
  const dir = resolve(dataDir);
  const before = await entriesOf(dir);
  if (before && before.length > 0) {
    throw usageError(
      `${dir} is not empty: restore into a new directory, then start the service with BIS_DATA_DIR set to it`,
    );
  }
  const source = await opened(file);
  try {
    makeDataDirPrivate(dir);
  } catch (error) {
    source.destroy();
    throw usageError((error as Error).message);
  }
  try {
    const gunzip = createGunzip();
    pipeline(source, gunzip, () => {});
    const unpacked = await extractTar(gunzip, dir).catch((error: Error & { code?: string }) => {
      const why = error.code?.startsWith('Z_') ? 'it is not gzip-compressed, or it is damaged' : error.message;
      throw notRestored(`${file} is not a whole backup of bis backup: ${why}`);
    });
    if (!(await exists(join(dir, 'PG_VERSION'))) || !(await exists(join(dir, 'backup_label')))) {
      throw notRestored(`${file} is not a backup of bis backup: it holds no database with its backup label`);
    }
    return { dataDir: dir, ...unpacked, ...(await contentsOf(dir)) };
  } catch (error) {
    if (before) for (const name of await readdir(dir)) await rm(join(dir, name), { recursive: true, force: true });
    else await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** Opens the restored directory as the service would, counts what it holds, and moves the numbering of webhook messages on. */
async function contentsOf(dataDir: string): Promise<Contents> {
  // Loaded here only: the engine is large, and no other command needs it.
  const { openDatabase } = await import('../db/database.js');
  const database = await openDatabase({ dataDir }).catch((error: Error) => {
    throw notRestored(`the restored database does not open (${error.message})`);
  });
  try {
    const { rows } = await sql<{ payments: number; newest: Date | null; members: number; banks: number }>`
      select (select count(*)::integer from payments) as payments,
        (select max(received_at) from payments) as newest,
        (select count(*)::integer from members) as members,
        (select count(*)::integer from clients) as banks`.execute(database.db);
    const [row] = rows;
    if (!row) throw notRestored('the restored database answered no counts');
    const nextMessage = await skipLostMessageIds(database.db);
    return { payments: row.payments, newestPayment: row.newest, members: row.members, banks: row.banks, nextMessage };
  } finally {
    await database.close();
  }
}

export function registerRestore(program: Command): void {
  program
    .command('restore')
    .description('unpack a backup of bis backup into a new data directory, and check that it opens; needs no service')
    .argument('<file>', 'the .tgz bis backup wrote')
    .requiredOption(
      '--data-dir <dir>',
      'a new (or empty) directory for it; then start the service with BIS_DATA_DIR set to it',
    )
    .addHelpText(
      'after',
      [
        '',
        "Run it as the service's user: the directory is made readable by that user only. The database comes back as it",
        'was when the backup ended. Before starting the service on it, read docs/OPERATIONS.md, Backups: what to tell',
        'the ERP about payments accepted after the backup.',
      ].join('\n'),
    )
    .action(async (file: string, options: { dataDir: string }, command: Command) => {
      const restored = await restoreBackup(file, options.dataDir);
      if (command.optsWithGlobals<{ json?: boolean }>().json) return printJson(restored);
      const newest = restored.newestPayment ? `, the newest received ${restored.newestPayment.toISOString()}` : '';
      print(
        [
          `Restored ${file} into ${restored.dataDir}: ${restored.payments} payments${newest}, ${restored.members} members, ${restored.banks} banks.`,
          `Webhook messages go on from ${restored.nextMessage}, past any the receivers had after the backup.`,
          `Start the service on it with BIS_DATA_DIR=${restored.dataDir}.`,
        ].join('\n'),
      );
    });
}
