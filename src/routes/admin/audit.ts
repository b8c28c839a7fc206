import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, Type } from '@sinclair/typebox';
import { AUDIT_ACTIONS, type AuditAction } from '../../audit/audit-actions.js';
import { AUDIT_CSV_FIELDS, type AuditQuery } from '../../audit/audit-query.js';
import { actsAsAdmin } from '../../http/actor.js';
import { csvFileName, pageOrCsvAnswers, sendCsv, wantsCsv } from '../../http/csv-answer.js';
import { CsvFormat, described, Nullable, paging, Timestamp } from '../../http/schemas.js';
import { optionalDate, pageCursor, pageOf } from '../../paging.js';

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
  sentence: Type.String({
    description:
      'What was done, as a sentence whose subject is who did it, naming people, banks and payments: ' +
      '"changed the role of Peter Kamau from viewer to finance"; times in BIS_TIME_ZONE',
  }),
  actor: Type.String({ description: 'The operator\'s email, "owner token", or what acted without an account' }),
  actorName: Nullable(Type.String({ description: "The operator's name, when an operator acted" })),
  operatorId: Nullable(Type.String({ description: 'The operator who acted, if one did' })),
  requestId: Nullable(Type.String()),
  sourceIp: Nullable(Type.String()),
  detail: Type.Record(Type.String(), Type.Unknown(), { description: 'What changed; never a secret' }),
});

const Which = {
  from: Type.Optional(
    Type.String({ description: 'At or after (ISO 8601; a date is local midnight in BIS_TIME_ZONE)' }),
  ),
  to: Type.Optional(Type.String({ description: 'Before (ISO 8601; a date is local midnight in BIS_TIME_ZONE)' })),
  operator: Type.Optional(
    Type.String({ maxLength: 254, description: 'Only what this operator (email) or "owner token" did' }),
  ),
  action: Type.Optional(
    Type.String({
      maxLength: 500,
      pattern: '^[a-z_.]+(,[a-z_.]+)*$',
      description: 'Only these actions, or kinds of action (before the dot), comma-separated: operator,secret.revealed',
    }),
  ),
};

export const adminAuditRoutes: FastifyPluginAsyncTypebox<{ auditQuery: AuditQuery; timeZone: string }> = async (
  app,
  { auditQuery, timeZone },
) => {
  const whichOf = (query: { [K in keyof typeof Which]?: Static<(typeof Which)[K]> }) => ({
    from: optionalDate('from', query.from, timeZone),
    to: optionalDate('to', query.to, timeZone),
    actor: query.operator,
    actions: query.action?.split(','),
  });

  app.get(
    '/audit',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'What the organisation did through the admin API and the hand-over: a page at a time, or all as CSV',
        querystring: Type.Object({
          ...Which,
          order: Type.Optional(
            Type.Union([Type.Literal('oldest'), Type.Literal('newest')], {
              description: 'oldest first (default) or newest first',
            }),
          ),
          format: CsvFormat('every record the filters find, in the order asked, whatever limit and cursor say'),
          ...paging({ maximum: 1000, default: 100 }),
        }),
        ...pageOrCsvAnswers(Event, {
          page: 'One page of audit records',
          csv: `${AUDIT_CSV_FIELDS.join(', ')} (when is local time in BIS_TIME_ZONE; what is the sentence)`,
          both: 'One page of audit records; as CSV, every record the filters find, in the order asked',
        }),
      },
    },
    async (request, reply) => {
      const { query } = request;
      const which = { ...whichOf(query), newestFirst: query.order === 'newest' };
      if (wantsCsv(query.format, request.headers.accept)) {
        const file = csvFileName('audit', [query.action, query.from, query.to]);
        return sendCsv(reply, file, auditQuery.csv(which, actsAsAdmin(request)));
      }
      const limit = query.limit ?? 100;
      const afterId = query.cursor === undefined ? undefined : pageCursor.decode('a', query.cursor);
      const rows = await auditQuery.list({ ...which, afterId, limit: limit + 1 }, actsAsAdmin(request));
      const page = pageOf('a', rows, limit);
      return { items: page.rows, nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/audit/totals',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'How many audit records the same filters as GET /audit find',
        querystring: Type.Object(Which),
        response: {
          200: described(
            Type.Object({ count: Type.Integer({ description: 'Over every page' }) }),
            'How many records match',
          ),
        },
      },
    },
    async (request) => ({ count: await auditQuery.count(whichOf(request.query)) }),
  );
};
