import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AdminError, described } from '../../../http/schemas.js';
import { Payment } from '../../../payments/payment-schemas.js';
import type { TestPaymentsService } from '../../../sandbox/test-payments-service.js';
import { Nullable, paging } from '../../../schema-parts.js';

const ClientParams = Type.Object({ clientId: Type.String() });

/** A sandbox client's test payments: listed under the bank alone, never among the payments. */
export const adminTestPaymentsRoutes: FastifyPluginAsyncTypebox<{ testPayments: TestPaymentsService }> = async (
  app,
  { testPayments },
) => {
  app.get(
    '/clients/:clientId/test-payments',
    {
      config: { role: 'viewer' },
      schema: {
        summary: "A sandbox client's test payments, newest first",
        description:
          'Test payments are in no other list, total, export, feed or reconciliation, and are deleted after ' +
          'BIS_SANDBOX_RETENTION (30 days). A live client has none.',
        params: ClientParams,
        querystring: Type.Object(paging()),
        response: {
          200: Type.Object(
            {
              items: Type.Array(Payment),
              nextCursor: Nullable(Type.String({ description: 'Pass back as cursor for the next page' })),
            },
            { description: 'One page of test payments' },
          ),
          404: described(AdminError, 'No such client'),
        },
      },
    },
    async (request) =>
      testPayments.listOfClient(request.params.clientId, {
        limit: request.query.limit ?? 50,
        cursor: request.query.cursor,
      }),
  );
};
