import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { described, Nullable } from '../../../http/schemas.js';
import type { ReconciliationQuery } from '../../../reconciliation/reconciliation-query.js';
import { RunQuery } from '../../../reconciliation/run-query.js';

// What a list shows above itself, asked once per search and not with every page (docs/PERFORMANCE.md).

const RunCount = Type.Object({ count: Type.Integer({ description: 'Every run the filter matches' }) });

const ItemTotals = Type.Object({
  count: Type.Integer({ description: 'Every item the filters match, on every page' }),
  byCurrency: Type.Array(
    Type.Object({
      currency: Nullable(
        Type.String({
          description:
            "The line's currency, else its statement's; a payment not on the statement, the payment's. null when the file does not say",
        }),
      ),
      count: Type.Integer(),
      sum: Nullable(
        Type.String({
          description:
            "Exact decimal: the amounts as the list shows them (a line's as on the statement). null without a category, unless only the open items are asked: a run's debits and credits are not added together",
        }),
      ),
    }),
    { description: 'One entry per currency, in alphabetical order (null last); none when nothing matches' },
  ),
});

export const reconciliationTotalsRoutes: FastifyPluginAsyncTypebox<{
  reconciliationQuery: ReconciliationQuery;
}> = async (app, { reconciliationQuery }) => {
  app.get(
    '/reconciliations/totals',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'How many runs GET /reconciliations lists with the same filter, over every page',
        querystring: Type.Object({ clientId: Type.Optional(Type.String({ description: "Only this bank's" })) }),
        response: { 200: described(RunCount, 'The number of runs') },
      },
    },
    async (request) => reconciliationQuery.count(request.query),
  );

  app.get(
    '/reconciliations/:reconciliationId/totals',
    {
      config: { role: 'viewer' },
      schema: {
        summary:
          'How many items of a run GET /reconciliations/{reconciliationId} lists with the same category and open filters, and their exact sum per currency',
        params: Type.Object({ reconciliationId: Type.Integer({ minimum: 1 }) }),
        querystring: Type.Pick(RunQuery, ['category', 'open']),
        response: { 200: described(ItemTotals, 'The count and the sums of every page of the items') },
      },
    },
    async (request) => reconciliationQuery.totals(request.params.reconciliationId, request.query),
  );
};
