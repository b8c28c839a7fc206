import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { AlertSettingsService } from '../../../alerts/alert-settings-service.js';
import type { AlertsStore } from '../../../alerts/alerts-store.js';
import { actorOf } from '../../../http/actor.js';
import { AdminError, described, NoBody, Page, paging } from '../../../http/schemas.js';
import { pageCursor, pageOf } from '../../../paging.js';
import {
  Alert,
  AlertKind,
  AlertSettings,
  AlertSettingsChange,
  alertView,
  BankAlertSetting,
  BankParams,
} from './schemas.js';

/** The alerts raised, and what each waits for and whom it tells. */
export const adminAlertsRoutes: FastifyPluginAsyncTypebox<{
  alertsStore: AlertsStore;
  alertSettingsService: AlertSettingsService;
}> = async (app, { alertsStore, alertSettingsService }) => {
  app.get(
    '/alerts',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'The alerts, newest first, with whom each told and when, and when each cleared',
        querystring: Type.Object({
          state: Type.Optional(
            Type.Union([Type.Literal('open'), Type.Literal('cleared')], { description: 'Only those open, or cleared' }),
          ),
          kind: Type.Optional(AlertKind),
          ...paging({ maximum: 500, default: 50 }),
        }),
        response: { 200: Page(Alert, 'One page of alerts') },
      },
    },
    async (request) => {
      const { state, kind, limit = 50, cursor } = request.query;
      const afterId = cursor === undefined ? undefined : pageCursor.decode('al', cursor);
      const open = state === undefined ? undefined : state === 'open';
      const rows = await alertsStore.list({ open, kind, afterId, limit: limit + 1 });
      const page = pageOf('al', rows, limit);
      return { items: page.rows.map(alertView), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/alerts/settings',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'What each kind of alert waits for and whom it tells, the morning summary, each bank’s hours',
        response: { 200: AlertSettings },
      },
    },
    async () => alertSettingsService.view(),
  );

  app.put(
    '/alerts/settings',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Change the settings of some kinds of alert, or of the morning summary',
        body: AlertSettingsChange,
        response: { 200: described(AlertSettings, 'The settings as they now are'), 403: AdminError },
      },
    },
    async (request) => {
      await alertSettingsService.change(request.body, actorOf(request));
      return alertSettingsService.view();
    },
  );

  app.put(
    '/alerts/settings/banks/:clientId',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Set a bank’s working hours, in which its silence counts, and how long a silence raises an alert',
        params: BankParams,
        body: BankAlertSetting,
        response: { 204: NoBody('Set'), 403: AdminError, 404: AdminError },
      },
    },
    async (request, reply) => {
      await alertSettingsService.changeBank(request.params.clientId, request.body, actorOf(request));
      return reply.code(204).send();
    },
  );
};
