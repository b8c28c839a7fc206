import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { NotificationChoices } from '../../../alerts/alert-settings-schemas.js';
import type { AlertSettingsService } from '../../../alerts/alert-settings-service.js';
import { forbidden } from '../../../errors.js';
import { actorOf } from '../../../http/actor.js';
import { AdminError, described } from '../../../http/schemas.js';

/** The operator a request acts as: the owner token has no account, so no choices. */
function operatorIdOf(request: FastifyRequest): string {
  const { principal } = request;
  if (principal?.kind !== 'operator') throw forbidden.ownerHasNoAccount();
  return principal.operatorId;
}

/** The emails each operator chooses to get. */
export const adminNotificationsRoutes: FastifyPluginAsyncTypebox<{
  alertSettingsService: AlertSettingsService;
}> = async (app, { alertSettingsService }) => {
  app.get(
    '/operators/me/notifications',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'The emails you get: which kinds of alert, and the morning summary',
        response: { 200: NotificationChoices, 403: AdminError },
      },
    },
    async (request) => alertSettingsService.choices(operatorIdOf(request)),
  );

  app.put(
    '/operators/me/notifications',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'Choose the emails you get',
        description:
          'An alert is emailed to the addresses its setting names and to every operator who chose its kind here.',
        body: NotificationChoices,
        response: { 200: described(NotificationChoices, 'Your choices as they now are'), 403: AdminError },
      },
    },
    async (request) => alertSettingsService.choose(operatorIdOf(request), request.body, actorOf(request)),
  );
};
