import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { actorOf, actsAsAdmin } from '../../../http/actor.js';
import { csvFileName, pageOrCsvAnswers, sendCsv, wantsCsv } from '../../../http/csv-answer.js';
import { CsvFormat, described, paging } from '../../../http/schemas.js';
import { MESSAGE_CSV_FIELDS, type MessagesService } from '../../../webhooks/messages-service.js';
import { attemptForNonAdmin } from '../../../webhooks/non-admin-views.js';
import { Attempt, Message, MessageParams, MessageStatus, MessageTotals, WebhookParams } from './schemas.js';

/** What was sent to an endpoint, each attempt, and sending again. */
export const adminWebhookMessagesRoutes: FastifyPluginAsyncTypebox<{ webhookMessages: MessagesService }> = async (
  app,
  { webhookMessages },
) => {
  app.get(
    '/webhooks/:webhookId/messages',
    {
      config: { role: 'viewer' },
      schema: {
        summary: "An endpoint's messages, newest first: a page at a time, or every one as CSV",
        params: WebhookParams,
        querystring: Type.Object({
          status: Type.Optional(MessageStatus),
          format: CsvFormat('every message the status filter finds, whatever limit and cursor say'),
          ...paging(),
        }),
        ...pageOrCsvAnswers(Message, {
          page: 'One page of messages',
          csv: MESSAGE_CSV_FIELDS.join(', '),
          both: 'One page of messages; as CSV, every message the status filter finds, newest first',
        }),
      },
    },
    async (request, reply) => {
      const { webhookId } = request.params;
      if (!wantsCsv(request.query.format, request.headers.accept))
        return webhookMessages.list(webhookId, request.query);
      const { status } = request.query;
      const file = csvFileName('webhook-messages', [status]);
      return sendCsv(reply, file, await webhookMessages.csv(webhookId, status));
    },
  );

  app.get(
    '/webhooks/:webhookId/messages/totals',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'How many messages GET …/messages finds with the same status filter, and how many are in each status',
        params: WebhookParams,
        querystring: Type.Object({ status: Type.Optional(MessageStatus) }),
        response: { 200: MessageTotals },
      },
    },
    async (request) => webhookMessages.totals(request.params.webhookId, request.query.status),
  );

  app.get(
    '/webhooks/:webhookId/messages/:messageId/attempts',
    {
      config: { role: 'viewer' },
      schema: {
        summary:
          'A message and each attempt to deliver it; what the receiver answered, and why no answer came, for admins only',
        params: MessageParams,
        response: {
          200: Type.Object(
            { ...Message.properties, items: Type.Array(Attempt) },
            { description: 'The message, its attempts oldest first' },
          ),
        },
      },
    },
    async (request) => {
      const message = await webhookMessages.attempts(request.params.webhookId, request.params.messageId);
      return actsAsAdmin(request) ? message : { ...message, items: message.items.map(attemptForNonAdmin) };
    },
  );

  app.post(
    '/webhooks/:webhookId/messages/:messageId/replay',
    {
      config: { role: 'finance' },
      schema: {
        summary: 'Send a message again, at once, with the same webhook-id',
        params: MessageParams,
        response: { 200: described(Message, 'The message, pending again') },
      },
    },
    async (request) => webhookMessages.replay(request.params.webhookId, request.params.messageId, actorOf(request)),
  );

  app.post(
    '/webhooks/:webhookId/replay',
    {
      config: { role: 'finance' },
      schema: {
        summary: 'Send again every message to this endpoint that failed for good since a time',
        params: WebhookParams,
        body: Type.Object({
          since: Type.String({ description: 'ISO 8601 date or date-time; a date is local midnight' }),
        }),
        response: {
          200: Type.Object({ replayed: Type.Integer() }, { description: 'How many messages go out again' }),
        },
      },
    },
    async (request) => webhookMessages.replayFailed(request.params.webhookId, request.body.since, actorOf(request)),
  );

  app.post(
    '/webhooks/:webhookId/test',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Send a webhook.test event to this endpoint',
        params: WebhookParams,
        response: { 202: described(Message, 'The test message, pending') },
      },
    },
    async (request, reply) => reply.code(202).send(await webhookMessages.test(request.params.webhookId)),
  );
};
