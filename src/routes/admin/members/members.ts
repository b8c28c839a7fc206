import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { actorOf } from '../../../http/actor.js';
import { AdminError, described, NullableTimestamp, Page, paging, Timestamp } from '../../../http/schemas.js';
import type { MembersService } from '../../../members/members-service.js';

const Status = Type.Union([Type.Literal('active'), Type.Literal('suspended'), Type.Literal('closed')], {
  description: 'Only active members can receive payments',
});

const Member = Type.Object({
  customerRef: Type.String({ description: 'Seven digits' }),
  fullName: Type.String(),
  status: Status,
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
        body: Type.Object({ fullName: Type.String({ minLength: 1, maxLength: 200 }), status: Status }),
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
        querystring: Type.Object({
          q: Type.Optional(
            Type.String({
              maxLength: 200,
              description: 'Digits: numbers that start with them; else: names containing it',
            }),
          ),
          status: Type.Optional(Status),
          ...paging(),
        }),
        response: {
          200: Page(Member, 'One page of members'),
        },
      },
    },
    async (request) => membersService.search(request.query),
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
