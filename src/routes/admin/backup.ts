import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { BackupService } from '../../backups/backup-service.js';
import { actorOf } from '../../http/actor.js';
import { AdminError } from '../../http/schemas.js';

const NotHere = Type.Object(
  {
    ...AdminError.properties,
    command: Type.Optional(
      Type.String({
        description:
          'On PostgreSQL: the pg_dump command that backs the database up, without its password (pg_dump asks, or reads ~/.pgpass or PGPASSWORD)',
      }),
    ),
  },
  {
    description:
      'No backup here: the database is PostgreSQL (back it up with the command given), the embedded database is in memory, or another backup is being taken',
  },
);

export const adminBackupRoutes: FastifyPluginAsyncTypebox<{ backupService: BackupService }> = async (
  app,
  { backupService },
) => {
  app.post(
    '/backup',
    {
      config: { role: 'admin' },
      schema: {
        summary:
          'A consistent backup of the embedded database, taken while the service runs: its data directory as a .tgz, which `bis restore` unpacks into a new one',
        description:
          'Bank calls wait only while the backup starts and ends (PostgreSQL online backup: pg_backup_start, the files copied, pg_backup_stop); the file name in Content-Disposition has the time in BIS_TIME_ZONE',
        // JSON is what a refusal is; the backup itself is declared with its own type.
        produces: ['application/json'],
        response: {
          200: {
            description: 'The data directory as a gzip-compressed tar archive',
            content: {
              'application/gzip': {
                schema: Type.Unsafe<Readable>(
                  Type.String({
                    format: 'binary',
                    description: 'A .tgz of the database files and the label that tells a restore where to begin',
                  }),
                ),
              },
            },
          },
          409: NotHere,
        },
      },
    },
    async (request, reply) => {
      const taken = await backupService.take(actorOf(request));
      request.log.info(
        { file: taken.fileName, files: taken.files, bytes: taken.bytes, heldMs: taken.heldMs },
        `backup taken: the database was held ${taken.heldMs} ms`,
      );
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${taken.fileName}"`)
        .type('application/gzip')
        .send(taken.body);
    },
  );
};
