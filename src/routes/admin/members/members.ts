import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { actorOf } from '../../../http/actor.js';
import { csvFileName, pageOrCsv, pageOrCsvAnswers } from '../../../http/csv-answer.js';
import { AdminError, described, NullableTimestamp, Timestamp } from '../../../http/schemas.js';
import { MemberStatusSchema } from '../../../member-statuses.js';
import { MEMBER_CSV_FIELDS } from '../../../members/members-csv.js';
import { MembersSearchQuery, MembersTotalsQuery } from '../../../members/members-search.js';
import type { MembersService } from '../../../members/members-service.js';

const Member = Type.Object({
  customerRef: Type.String({ description: 'Seven digits' }),
  fullName: Type.String(),
  status: MemberStatusSchema,
  activeSince: NullableTimestamp('When the member last became active; only validations since then count'),
  createdAt: Timestamp('When the member was added'),
  updatedAt: Timestamp('When the name or status last changed'),
});

const Params = Type.Object({ customerRef: Type.String({ description: 'Seven digits' }) });

export const adminMembersRoutes: FastifyPluginAsyncTypebox<{ membersService: MembersService }> = async (
  app,
  { membersService },
) => {
  app.put(
    '/members/:customerRef',
    {
      schema: {
        summary: 'Create or update a member',
        params: Params,
        body: Type.Object({ fullName: Type.String({ minLength: 1, maxLength: 200 }), status: MemberStatusSchema }),
        response: {
          200: described(Member, 'The member was updated'),
          201: described(Member, 'The member was created'),
        },
      },
    },
    async (request, reply) => {
      const { member, created } = await membersService.put(
        request.params.customerRef,
        request.body.fullName,
        request.body.status,
        actorOf(request),
      );
      return reply.code(created ? 201 : 200).send(member);
    },
  );

  app.get(
    '/members',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'Find members: by the start of their number, or by a part of their name',
        description:
          'In member-number order, a page at a time. A number (or its first digits) is found at once; a name is ' +
          'looked for through the register in number order until a page is full, so on a large register a rare ' +
          'name takes longer.',
        querystring: MembersSearchQuery,
        ...pageOrCsvAnswers(Member, {
          page: 'One page of members',
          csv: `${MEMBER_CSV_FIELDS.join(', ')}; times exact, in UTC. It reads back as a register file (POST /members/import)`,
          both: 'One page of members; as CSV, every member the filters find, in number order',
        }),
      },
    },
    async (request, reply) =>
      pageOrCsv(request, reply, {
        page: () => membersService.search(request.query),
        file: () => csvFileName('members', [request.query.status, request.query.q, request.query.near]),
        lines: () => membersService.csv(request.query),
      }),
  );

  app.get(
    '/members/totals',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'How many members the same filters as GET /members find, over every page',
        querystring: MembersTotalsQuery,
        response: {
          200: described(
            Type.Object({ count: Type.Integer({ description: 'Every member the filters match' }) }),
            'The count of every page of the search',
          ),
        },
      },
    },
    async (request) => membersService.totals(request.query),
  );

  app.get(
    '/members/:customerRef',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'A member',
        params: Params,
        response: { 200: described(Member, 'The member'), 400: described(AdminError, 'Not a member number') },
      },
    },
    async (request) => membersService.get(request.params.customerRef),
  );
};
