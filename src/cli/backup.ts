import { stat } from 'node:fs/promises';
import type { Command } from 'commander';
import { type ApiError, readError, refusal } from './api-errors.js';
import { contextOf } from './context.js';
import { CliError, EXIT } from './errors.js';
import { print, printJson } from './output.js';
import { newPrivateFile, writeBody } from './output-file.js';

/** The name the service gives the file, when it is a plain file name: never a path from elsewhere. */
function offeredName(disposition: string | null): string {
  const name = /filename="([^"]+)"/.exec(disposition ?? '')?.[1];
  return name && /^[\w.-]+$/.test(name) && !name.startsWith('.') ? name : 'bis-backup.tgz';
}

/** On PostgreSQL the service answers with the pg_dump command to run instead. */
function pgDumpInstead(command: string): CliError {
  return new CliError(
    EXIT.refused,
    [
      'the service keeps its data in PostgreSQL, which pg_dump backs up; run, where the server can be reached:',
      '',
      `  ${command}`,
      '',
      '  (pg_dump asks for the password, or reads it from ~/.pgpass or PGPASSWORD; see docs/OPERATIONS.md, Backups)',
    ].join('\n'),
  );
}

export function registerBackup(program: Command): void {
  program
    .command('backup')
    .description('a backup of the embedded database, taken while the service runs; on PostgreSQL, the pg_dump to run')
    .option('--out <file>', 'write it here (default: the name the service gives, e.g. bis-backup-2026-11-26T0300.tgz)')
    .addHelpText(
      'after',
      [
        '',
        'Needs the admin role. The file is readable by its owner only, as it holds every secret of the service, and',
        'appears under its name only once it is whole; an existing file is never overwritten. Bank calls wait only a',
        'moment while the backup starts and ends. Restore it with: bis restore FILE --data-dir NEW_DIR.',
        'On PostgreSQL nothing is written: it prints the pg_dump command and exits 1, so a timer that runs it fails.',
      ].join('\n'),
    )
    .action(async (options: { out?: string }, command: Command) => {
      const { api, json } = contextOf(command);
      // A bad --out fails before the service does any work.
      const given = options.out === undefined ? undefined : await newPrivateFile(options.out);
      let response: Response;
      try {
        response = await api.send('POST', '/backup', { accept: 'application/gzip' });
        if (!response.ok) {
          const error: ApiError = await readError(response);
          if (response.status === 409 && typeof error.command === 'string') throw pgDumpInstead(error.command);
          throw await refusal(response, { 403: 'a backup needs the admin role' }, error);
        }
      } catch (error) {
        given?.stream.destroy();
        await given?.discard();
        throw error;
      }
      const out = options.out ?? offeredName(response.headers.get('content-disposition'));
      const target =
        given ??
        (await newPrivateFile(out).catch(async (error: unknown) => {
          await response.body?.cancel();
          throw error;
        }));
      await writeBody(response, target, 'run bis backup again');
      const { size } = await stat(out);
      if (json) return printJson({ file: out, bytes: size });
      print(
        `Backup written to ${out} (${(size / 1e6).toFixed(1)} MB). Restore it with: bis restore ${out} --data-dir NEW_DIR`,
      );
    });
}
