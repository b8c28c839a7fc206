import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { actorOf } from '../../../http/actor.js';
import {
  AdminError,
  described,
  Nullable,
  NullableTimestamp,
  Page,
  paging,
  StreamedText,
  Timestamp,
} from '../../../http/schemas.js';
import type { ExportFeeds } from '../../../payments/export-feeds.js';
import { EXPORT_FIELDS, type PaymentsExport } from '../../../payments/payments-export.js';
import { ExportQuery } from '../../../payments/query-schemas.js';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', ndjson: 'application/x-ndjson; charset=utf-8' } as const;

const Batch = Type.Object(
  {
    number: Type.Integer({ description: "1 for the feed's first batch" }),
    takenAt: Timestamp('When the feed moved past it'),
    takenBy: Type.String({ description: 'Who took it' }),
    payments: Type.Integer({ description: 'How many payments it held' }),
    lastPayment: Nullable(
      Type.Object(
        {
          paymentId: Type.Integer(),
          erpRefId: Nullable(Type.String({ description: 'Its receipt number' })),
          acceptedAt: NullableTimestamp('When it was accepted'),
        },
        { description: 'Its last payment in export order; null for an empty batch' },
      ),
    ),
    since: Nullable(Type.String({ description: 'Where it began: null from the first payment' })),
    until: Type.String({ description: 'Where it stopped: the since of the next batch' }),
  },
  {
    description:
      'One move of the feed: the payments between since and until. GET /payments/export?since=&until= gives them again',
  },
);

const Feed = Type.Object({
  name: Type.String(),
  cursor: Type.String({ description: "Where the feed's next export starts" }),
  updatedAt: Timestamp('When it was made, or an export last moved it'),
  updatedBy: Type.String({ description: 'Who made it or ran that export' }),
  lastBatch: Nullable(described(Batch, 'Its newest batch; null before the first')),
});

export const adminExportRoutes: FastifyPluginAsyncTypebox<{
  paymentsExport: PaymentsExport;
  exportFeeds: ExportFeeds;
}> = async (app, { paymentsExport, exportFeeds }) => {
  app.get(
    '/payments/export',
    {
      config: { role: 'finance' },
      schema: {
        summary:
          'The ERP feed: accepted payments, each in exactly one export when each export passes the previous Next-Cursor as since, or names its feed, in the order they were accepted; or, with from/to, those paid on the days chosen',
        querystring: ExportQuery,
        produces: ['text/csv', 'application/x-ndjson'],
        response: {
          200: StreamedText(
            `CSV with a header row (RFC 4180) or one JSON object per line: ${EXPORT_FIELDS.join(', ')}. customerRef is the member credited. The Next-Cursor header is the since of the next export (a from/to export has none); with feed, the Feed-Cursor header is where this export began (absent for a new feed)`,
          ),
        },
      },
    },
    async (request, reply) => {
      const { nextCursor, feedCursor, lines } = await paymentsExport.start(request.query);
      if (nextCursor) reply.header('next-cursor', nextCursor);
      if (feedCursor) reply.header('feed-cursor', feedCursor);
      return reply
        .header('cache-control', 'no-store')
        .type(CONTENT_TYPES[request.query.format])
        .send(Readable.from(lines));
    },
  );

  app.get(
    '/export-feeds',
    {
      config: { role: 'finance' },
      schema: {
        summary: 'The named ERP feeds and where each stopped',
        response: { 200: Type.Array(Feed, { description: 'Every feed, by name' }) },
      },
    },
    async () => exportFeeds.list(),
  );

  app.post(
    '/export-feeds',
    {
      config: { role: 'finance' },
      schema: {
        summary: 'Make a named feed before its first export',
        body: Type.Object({
          name: Type.String({ description: '1 to 64 letters, digits, dots, dashes or underscores, such as erp-daily' }),
          start: Type.Union([Type.Literal('first'), Type.Literal('now')], {
            description:
              'first: its first export holds every payment accepted so far; now: only those accepted from now on',
          }),
        }),
        response: {
          201: described(Feed, 'The feed, where its first export will start'),
          409: described(AdminError, 'A feed of that name exists already'),
        },
      },
    },
    async (request, reply) => reply.code(201).send(await exportFeeds.create(request.body, actorOf(request))),
  );

  app.get(
    '/export-feeds/:name/batches',
    {
      config: { role: 'finance' },
      schema: {
        summary: "A feed's batches, newest first: what each move took, when and by whom",
        params: Type.Object({ name: Type.String() }),
        querystring: Type.Object(paging({ maximum: 100, default: 10 })),
        response: {
          200: Page(Batch, 'One page of batches, newest first'),
          404: described(AdminError, 'No feed of that name'),
        },
      },
    },
    async (request) =>
      exportFeeds.batches(request.params.name, { limit: request.query.limit ?? 10, cursor: request.query.cursor }),
  );

  app.put(
    '/export-feeds/:name',
    {
      config: { role: 'finance' },
      schema: {
        summary: 'Move a feed once its export was written whole: its next export starts there',
        params: Type.Object({ name: Type.String() }),
        body: Type.Object({
          cursor: Type.String({ description: 'The Next-Cursor of the export just written' }),
          previous: Nullable(Type.String({ description: 'Its Feed-Cursor: where it began; null for a new feed' })),
        }),
        response: {
          200: described(Feed, 'The feed moved; lastBatch is the batch this export took'),
          409: described(AdminError, "Another export moved the feed since this one began: discard this one's file"),
        },
      },
    },
    async (request) => exportFeeds.move(request.params.name, request.body, actorOf(request)),
  );
};
