import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { actorOf } from '../../../http/actor.js';
import { AdminError, described, Nullable } from '../../../http/schemas.js';
import type { StatementMappingService } from '../../../reconciliation/statement-mapping-service.js';
import { CsvMapping } from '../reconciliations/schemas.js';

const ClientParams = Type.Object({ clientId: Type.String() });

/** How a bank's CSV statements read: saved once per bank, used by every CSV reconciliation of its statements. */
export const adminStatementMappingRoutes: FastifyPluginAsyncTypebox<{
  statementMappingService: StatementMappingService;
}> = async (app, { statementMappingService }) => {
  app.put(
    '/clients/:clientId/statement-mapping',
    {
      config: { role: 'finance' },
      schema: {
        summary: "Save how this bank's CSV statements read",
        params: ClientParams,
        body: CsvMapping,
        response: {
          200: described(CsvMapping, 'The mapping saved, defaults filled in'),
          400: described(AdminError, 'The mapping has problems, each named by its field; nothing was saved'),
          404: AdminError,
        },
      },
    },
    async (request) => statementMappingService.set(request.params.clientId, request.body, actorOf(request)),
  );

  app.get(
    '/clients/:clientId/statement-mapping',
    {
      config: { role: 'viewer' },
      schema: {
        summary: "How this bank's CSV statements read",
        params: ClientParams,
        response: {
          200: described(Nullable(CsvMapping), 'The mapping; null when none is saved'),
        },
      },
    },
    async (request) => statementMappingService.get(request.params.clientId),
  );
};
