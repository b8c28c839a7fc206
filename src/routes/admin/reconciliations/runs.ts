import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import { actorOf } from '../../../http/actor.js';
import { csvFileName, sendCsv, wantsCsv } from '../../../http/csv-answer.js';
import { AdminError, described, Nullable, Page, paging } from '../../../http/schemas.js';
import type { PaymentsQuery } from '../../../payments/payments-query.js';
import type { DealtWithService } from '../../../reconciliation/dealt-with-service.js';
import { type LineRecordingService, RecordLineBody } from '../../../reconciliation/line-recording-service.js';
import type { ReconciliationQuery } from '../../../reconciliation/reconciliation-query.js';
import type { ReconciliationService } from '../../../reconciliation/reconciliation-service.js';
import { RunQuery } from '../../../reconciliation/run-query.js';
import { PaymentWithHistory } from '../payments/schemas.js';
import { reconciliationItemRoutes } from './dealt-with.js';
import { Item, Run } from './schemas.js';
import { reconciliationTotalsRoutes } from './totals.js';
import { statementUploadRoute } from './upload.js';

export interface ReconciliationRoutesDeps {
  reconciliationService: ReconciliationService;
  reconciliationQuery: ReconciliationQuery;
  lineRecordingService: LineRecordingService;
  paymentsQuery: PaymentsQuery;
  dealtWithService: DealtWithService;
}

const RunParams = Type.Object({ reconciliationId: Type.Integer({ minimum: 1 }) });

export const adminReconciliationRoutes: FastifyPluginAsyncTypebox<ReconciliationRoutesDeps> = async (app, deps) => {
  const { reconciliationQuery, lineRecordingService, paymentsQuery } = deps;
  await app.register(statementUploadRoute, deps);
  await app.register(reconciliationItemRoutes, deps);
  await app.register(reconciliationTotalsRoutes, deps);

  app.get(
    '/reconciliations',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'Reconciliations made, newest first',
        querystring: Type.Object({
          clientId: Type.Optional(Type.String({ description: "Only this bank's" })),
          ...paging(),
        }),
        response: {
          200: Page(Run, 'One page of runs, each with its totals'),
        },
      },
    },
    async (request) => reconciliationQuery.list(request.query),
  );

  app.get(
    '/reconciliations/:reconciliationId',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'A reconciliation and its lines: JSON a page at a time, or the whole report as CSV',
        params: RunParams,
        querystring: RunQuery,
        produces: ['application/json', 'text/csv'],
        response: {
          200: Type.Object(
            { ...Run.properties, items: Type.Array(Item), nextCursor: Nullable(Type.String()) },
            {
              description:
                'The run with one page of items: every line in statement order, then the payments not on it. As CSV: every item, one per row, with a header row',
            },
          ),
        },
      },
    },
    async (request, reply) => {
      const id = request.params.reconciliationId;
      if (!wantsCsv(request.query.format, request.headers.accept)) return reconciliationQuery.get(id, request.query);
      const { category, open } = request.query;
      return sendCsv(reply, csvFileOf(id, request.query), await reconciliationQuery.csv(id, category, open));
    },
  );

  app.post(
    '/reconciliations/:reconciliationId/lines/:line/record',
    {
      config: { role: 'finance' },
      schema: {
        summary:
          'Record the payment the bank never notified from a statement line: accepted, with a receipt, source statement',
        params: Type.Object({
          reconciliationId: Type.Integer({ minimum: 1 }),
          // Line numbers are stored as 32-bit integers: a larger one is no line (404), not a database error.
          line: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
        }),
        body: RecordLineBody,
        response: {
          201: described(PaymentWithHistory, 'The payment, accepted, with its erpRefId'),
          409: described(
            AdminError,
            'The line is not missing its notification (matched, held, a debit, recorded already), the bank has a payment under its reference now, or the member does not exist or is not active',
          ),
        },
      },
    },
    async (request, reply) => {
      const { reconciliationId, line } = request.params;
      const paymentId = await lineRecordingService.record(reconciliationId, line, request.body, actorOf(request));
      return reply.code(201).send(await paymentsQuery.get(String(paymentId)));
    },
  );
};

/** The file's name says what it holds: "reconciliation-7-amount-mismatch-open.csv". */
function csvFileOf(id: number, { category, open }: Static<typeof RunQuery>): string {
  const opened = open === undefined ? undefined : open ? 'open' : 'not-open';
  return csvFileName('reconciliation', [String(id), category?.replaceAll('_', '-'), opened]);
}
