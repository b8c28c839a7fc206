import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { invalidInput } from '../../../errors.js';
import { actorOf } from '../../../http/actor.js';
import { AdminError, described } from '../../../http/schemas.js';
import { spoolBody } from '../../../http/spooled-body.js';
import { csvMemberRows } from '../../../members/import-rows.js';
import { jsonMemberRows } from '../../../members/json-import-rows.js';
import type { MembersImport } from '../../../members/members-import.js';

const Counts = Type.Object(
  {
    created: Type.Integer(),
    updated: Type.Integer({ description: 'Name or status changed' }),
    unchanged: Type.Integer(),
    dryRun: Type.Boolean({ description: 'true: counted only, nothing written' }),
  },
  { description: 'Every row was good: what was (or, in a dry run, would be) created, updated and left unchanged' },
);

const Refused = Type.Object(
  {
    error: Type.String({ description: 'invalid_import' }),
    message: Type.String(),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          line: Type.Integer({ description: 'CSV line (header = 1) or position in the JSON array' }),
          reason: Type.String(),
        }),
      ),
    ),
  },
  { description: 'Bad rows: every one is listed, and nothing was changed' },
);

// A register of a few million members is a few hundred MiB; this bounds the disk a file may take.
const MAX_REGISTER_BYTES = 512 * 2 ** 20;

export const adminImportRoutes: FastifyPluginAsyncTypebox<{ membersImport: MembersImport }> = async (
  app,
  { membersImport },
) => {
  // The body reaches the handler as a stream, CSV or JSON, so a register of any length is read in flat memory.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['text/csv', 'application/json'], (_request, payload, done) => done(null, payload));

  app.post(
    '/members/import',
    {
      config: { bodyTime: 'upload' },
      schema: {
        summary:
          'Load the member register (all or nothing): CSV customerRef,fullName,status or a JSON array of the same objects',
        consumes: ['text/csv', 'application/json'],
        querystring: Type.Object({
          dryRun: Type.Optional(Type.Boolean({ description: 'Count only; change nothing' })),
        }),
        response: {
          200: Counts,
          400: Refused,
          413: described(AdminError, 'The file is larger than 512 MiB'),
        },
      },
    },
    async (request) => {
      const csv = (request.headers['content-type'] ?? '').startsWith('text/csv');
      // Without a body, and so without a content type, no parser ran.
      if (!(request.body instanceof Readable)) {
        throw invalidInput('body', 'send the register as text/csv or application/json');
      }
      // The file is on disk, in a private temporary file, before the import starts: an upload that
      // stalls holds no transaction, and on the embedded database no connection, so the bank's
      // calls are not kept waiting for it. The whole file is in before the answer, so the list of
      // bad rows reaches the operator rather than an answer sent while the client still uploads.
      const spooled = await spoolBody(request.body, MAX_REGISTER_BYTES);
      const file = spooled.open();
      try {
        const rows = csv ? csvMemberRows(file) : jsonMemberRows(file);
        return await membersImport.import(rows, { dryRun: request.query.dryRun === true, actor: actorOf(request) });
      } finally {
        file.destroy();
        await spooled.discard();
      }
    },
  );
};
