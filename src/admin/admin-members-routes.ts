import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { MemberStatus } from '../db/schema.js';
import { actorOf } from '../http/actor.js';
import { AdminError, described, NullableTimestamp, Timestamp } from '../http/schemas.js';
import type { MembersService } from '../members/members-service.js';

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

export async function adminMembersRoutes(app: FastifyInstance, { membersService }: { membersService: MembersService }) {
  app.put<{ Params: { customerRef: string }; Body: { fullName: string; status: MemberStatus } }>(
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

  app.get<{ Params: { customerRef: string } }>(
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
}
