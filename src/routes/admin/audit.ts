import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AUDIT_ACTIONS, type AuditAction } from '../../audit/audit-actions.js';
import type { AuditStore } from '../../audit/audit-store.js';
import { actsAsAdmin } from '../../http/actor.js';
import { Nullable, Page, paging, Timestamp } from '../../http/schemas.js';
import { optionalDate, pageCursor, pageOf } from '../../paging.js';
import { auditForNonAdmin } from '../../webhooks/non-admin-views.js';

const Event = Type.Object({
  id: Type.Integer(),
  at: Timestamp('When it happened'),
  action: Type.Unsafe<AuditAction>({ type: 'string', enum: [...AUDIT_ACTIONS], description: 'What was done' }),
  target: Type.String({ description: 'The id of what was acted on: a client, secret, member, payment, operator…' }),
  targetName: Nullable(
    Type.String({
      description:
        "What was acted on, by name: the bank's or member's or operator's name, the API token's name, the " +
        "webhook's URL, or the payment's bank reference; null when there is none or it was deleted",
    }),
  ),
  actor: Type.String({ description: 'The operator\'s email, "owner token", or what acted without an account' }),
  operatorId: Nullable(Type.String({ description: 'The operator who acted, if one did' })),
  requestId: Nullable(Type.String()),
  sourceIp: Nullable(Type.String()),
  detail: Type.Record(Type.String(), Type.Unknown(), { description: 'What changed; never a secret' }),
});

export const adminAuditRoutes: FastifyPluginAsyncTypebox<{
  auditStore: Pick<AuditStore, 'list'>;
  timeZone: string;
}> = async (app, { auditStore, timeZone }) => {
  app.get(
    '/audit',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'What the organisation did through the admin API and the hand-over',
        querystring: Type.Object({
          from: Type.Optional(
            Type.String({ description: 'At or after (ISO 8601; a date is local midnight in BIS_TIME_ZONE)' }),
          ),
          to: Type.Optional(
            Type.String({ description: 'Before (ISO 8601; a date is local midnight in BIS_TIME_ZONE)' }),
          ),
          operator: Type.Optional(
            Type.String({ maxLength: 254, description: 'Only what this operator (email) or "owner token" did' }),
          ),
          action: Type.Optional(
            Type.String({
              maxLength: 500,
              pattern: '^[a-z_.]+(,[a-z_.]+)*$',
              description:
                'Only these actions, or kinds of action (before the dot), comma-separated: operator,secret.revealed',
            }),
          ),
          order: Type.Optional(
            Type.Union([Type.Literal('oldest'), Type.Literal('newest')], {
              description: 'oldest first (default) or newest first',
            }),
          ),
          ...paging({ maximum: 1000, default: 100 }),
        }),
        response: {
          200: Page(Event, 'One page of audit records'),
        },
      },
    },
    async (request) => {
      const limit = request.query.limit ?? 100;
      const rows = await auditStore.list({
        from: optionalDate('from', request.query.from, timeZone),
        to: optionalDate('to', request.query.to, timeZone),
        actor: request.query.operator,
        actions: request.query.action?.split(','),
        newestFirst: request.query.order === 'newest',
        afterId: request.query.cursor === undefined ? undefined : pageCursor.decode('a', request.query.cursor),
        limit: limit + 1,
      });
      const page = pageOf('a', rows, limit);
      // A webhook's URL may hold the receiver's token in its query: masked but for admins.
      const shown = actsAsAdmin(request) ? <T>(item: T) => item : auditForNonAdmin;
      return {
        items: page.rows.map((row) =>
          shown({
            id: row.id,
            at: row.at,
            action: row.action,
            target: row.target,
            targetName: row.target_name,
            actor: row.actor,
            operatorId: row.operator_id,
            requestId: row.request_id,
            sourceIp: row.source_ip,
            detail: row.detail,
          }),
        ),
        nextCursor: page.nextCursor,
      };
    },
  );
};
