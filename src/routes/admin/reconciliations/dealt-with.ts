import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { actorOf } from '../../../http/actor.js';
import { AdminError, described } from '../../../http/schemas.js';
import type { DealtWithService } from '../../../reconciliation/dealt-with-service.js';
import type { ReconciliationQuery } from '../../../reconciliation/reconciliation-query.js';
import { DealtWithBody } from './item-schemas.js';
import { Item } from './schemas.js';

const ItemParams = Type.Object({
  reconciliationId: Type.Integer({ minimum: 1 }),
  itemKey: Type.String({ description: '"line-14" for line 14, "payment-123" for payment 123 not on the statement' }),
});

/** Marking an item of a run dealt with, and taking the mark off. */
export const reconciliationItemRoutes: FastifyPluginAsyncTypebox<{
  dealtWithService: DealtWithService;
  reconciliationQuery: ReconciliationQuery;
}> = async (app, deps) => {
  const { dealtWithService, reconciliationQuery } = deps;

  app.put(
    '/reconciliations/:reconciliationId/items/:itemKey/dealt-with',
    {
      config: { role: 'finance' },
      schema: {
        summary:
          'Mark an item that needed someone as dealt with, with a note; marking it again replaces the note, who and when',
        params: ItemParams,
        body: DealtWithBody,
        response: {
          200: described(Item, 'The item, with dealtWith'),
          404: described(AdminError, 'No such run, or no such item in it'),
          409: described(AdminError, 'A matched line or a debit: it needs no one'),
        },
      },
    },
    async (request) => {
      const { reconciliationId, itemKey } = request.params;
      await dealtWithService.mark(reconciliationId, itemKey, request.body, actorOf(request));
      return reconciliationQuery.item(reconciliationId, itemKey);
    },
  );

  app.delete(
    '/reconciliations/:reconciliationId/items/:itemKey/dealt-with',
    {
      config: { role: 'finance' },
      schema: {
        summary: 'Take the dealt-with mark off an item, so it is open again (the audit keeps the note)',
        params: ItemParams,
        response: {
          200: described(Item, 'The item, without dealtWith'),
          404: described(AdminError, 'No such run or item, or the item is not marked'),
        },
      },
    },
    async (request) => {
      const { reconciliationId, itemKey } = request.params;
      await dealtWithService.unmark(reconciliationId, itemKey, actorOf(request));
      return reconciliationQuery.item(reconciliationId, itemKey);
    },
  );
};
