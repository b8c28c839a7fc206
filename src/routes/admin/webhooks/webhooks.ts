import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { actorOf, actsAsAdmin } from '../../../http/actor.js';
import { AdminError, described, NoBody } from '../../../http/schemas.js';
import { endpointForNonAdmin } from '../../../webhooks/non-admin-views.js';
import type { EndpointView, WebhooksService } from '../../../webhooks/webhooks-service.js';
import { Webhook, WebhookChange, WebhookCreate, WebhookParams, WebhookWithSecret } from './schemas.js';

/** A URL's query may hold the receiver's token: finance and viewers see it masked. */
const shownTo = (request: FastifyRequest, view: EndpointView) =>
  actsAsAdmin(request) ? view : endpointForNonAdmin(view);

/** The ERP's webhook endpoints: added, changed, their secret rotated, removed. */
export const adminWebhooksRoutes: FastifyPluginAsyncTypebox<{ webhooksService: WebhooksService }> = async (
  app,
  { webhooksService },
) => {
  app.post(
    '/webhooks',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Add a webhook endpoint: the events it gets, signed with a secret shown once',
        body: WebhookCreate,
        response: { 201: WebhookWithSecret, 403: AdminError },
      },
    },
    async (request, reply) => reply.code(201).send(await webhooksService.create(request.body, actorOf(request))),
  );

  app.get(
    '/webhooks',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'The webhook endpoints; their URLs without the query but for admins',
        response: {
          200: Type.Object({ items: Type.Array(Webhook) }, { description: 'Every endpoint; never a secret' }),
        },
      },
    },
    async (request) => ({ items: (await webhooksService.list()).map((view) => shownTo(request, view)) }),
  );

  app.get(
    '/webhooks/:webhookId',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'A webhook endpoint; its URL without the query but for admins',
        params: WebhookParams,
        response: { 200: described(Webhook, 'The endpoint; never its secret') },
      },
    },
    async (request) => shownTo(request, await webhooksService.get(request.params.webhookId)),
  );

  app.patch(
    '/webhooks/:webhookId',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Change an endpoint: its URL, events, description, whether it is internal or enabled',
        params: WebhookParams,
        body: WebhookChange,
        response: {
          200: described(Webhook, 'The endpoint as it now is'),
        },
      },
    },
    async (request) => webhooksService.update(request.params.webhookId, request.body, actorOf(request)),
  );

  app.post(
    '/webhooks/:webhookId/rotate-secret',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'A new signing secret, shown once; the old one keeps signing beside it for 24 hours',
        params: WebhookParams,
        response: { 200: WebhookWithSecret },
      },
    },
    async (request) => webhooksService.rotate(request.params.webhookId, actorOf(request)),
  );

  app.delete(
    '/webhooks/:webhookId',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Remove an endpoint, and its messages',
        params: WebhookParams,
        response: { 204: NoBody('Removed') },
      },
    },
    async (request, reply) => {
      await webhooksService.remove(request.params.webhookId, actorOf(request));
      return reply.code(204).send();
    },
  );
};
