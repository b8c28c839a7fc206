import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { actorOf } from '../../../http/actor.js';
import { AdminError, described } from '../../../http/schemas.js';
import { spoolBody } from '../../../http/spooled-body.js';
import type { ReconciliationQuery } from '../../../reconciliation/reconciliation-query.js';
import { type ReconciliationService, StatementQuery } from '../../../reconciliation/reconciliation-service.js';
import { Run } from './schemas.js';

// A camt.053 of 100,000 entries is about 100 MiB; this leaves room and bounds the disk a file may take.
const MAX_STATEMENT_BYTES = 512 * 2 ** 20;

/** The statement upload, in a context of its own: its body is any file, streamed to disk as it arrives. */
export const statementUploadRoute: FastifyPluginAsyncTypebox<{
  reconciliationService: ReconciliationService;
  reconciliationQuery: ReconciliationQuery;
}> = async (app, { reconciliationService, reconciliationQuery }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.post(
    '/reconciliations',
    {
      config: { role: 'finance', bodyTime: 'upload' },
      schema: {
        summary: 'Reconcile a bank statement (the file is the body) against the payments the bank notified',
        consumes: ['text/plain', 'application/xml', 'text/csv', 'application/octet-stream'],
        querystring: StatementQuery,
        response: {
          201: described(Run, 'The run, kept: its lines with GET /reconciliations/{reconciliationId}'),
          400: described(
            AdminError,
            'The file is not a statement of that format (the message names the line or element), or the period given or read runs backwards, or only one of from and to is given; nothing was stored',
          ),
          404: described(AdminError, 'No such client'),
          409: described(AdminError, 'A CSV statement, and no mapping is saved for the bank'),
          413: described(AdminError, 'The file is larger than 512 MiB'),
        },
      },
    },
    async (request, reply) => {
      const { clientId, format, from, to } = request.query;
      await reconciliationService.prepare({ clientId, format, from, to });
      // A request with no body at all is an empty file: the statement's reader says so, naming the line.
      const file = (request.body as Readable | undefined) ?? Readable.from([]);
      const body = await spoolBody(file, MAX_STATEMENT_BYTES);
      try {
        const id = await reconciliationService.reconcile(
          { clientId, format, from, to, open: body.open },
          actorOf(request),
        );
        const run = await reconciliationQuery.run(id);
        return reply.code(201).header('location', `/admin/v1/reconciliations/${id}`).send(run);
      } finally {
        await body.discard();
      }
    },
  );
};
