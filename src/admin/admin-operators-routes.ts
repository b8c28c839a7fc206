import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { mayAct } from '../auth/principal.js';
import { actorOf } from '../http/actor.js';
import { AdminError } from '../http/schemas.js';
import type { OperatorsService, OperatorView } from '../operators/operators-service.js';
import type { Role as RoleName } from '../operators/roles.js';
import { Invite, Operator, Role } from './admin-operator-schemas.js';

const Params = Type.Object({ operatorId: Type.String({ maxLength: 64 }) });

/**
 * Every role reads who the operators are; whether each has set a password and turned two-factor
 * sign-in on tells an attacker which account to try, so only admins see it.
 */
function shownTo(request: FastifyRequest, view: OperatorView): Partial<OperatorView> {
  if (request.principal && mayAct(request.principal, 'admin')) return view;
  const { passwordSet: _password, twoFactor: _twoFactor, ...shown } = view;
  return shown;
}

/** The organisation's staff accounts: admins invite them, set their role, disable them. */
export async function adminOperatorsRoutes(
  app: FastifyInstance,
  { operatorsService }: { operatorsService: OperatorsService },
) {
  app.post<{ Body: { email: string; name: string; role: RoleName } }>(
    '/operators',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Add an operator: returns the one-time link that lets them set a password',
        body: Type.Object({
          email: Type.String({ maxLength: 254, description: 'Unique, whatever its case' }),
          name: Type.String({ minLength: 1, maxLength: 200 }),
          role: Role,
        }),
        response: {
          201: Type.Composite([Operator, Invite], { description: 'The operator was added; send them the link' }),
          409: AdminError,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await operatorsService.create(request.body, actorOf(request))),
  );

  app.get(
    '/operators',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'The operators: whether each has a password and two-factor sign-in, for admins only',
        response: { 200: Type.Object({ items: Type.Array(Operator) }, { description: 'Every operator' }) },
      },
    },
    async (request) => ({ items: (await operatorsService.list()).map((view) => shownTo(request, view)) }),
  );

  app.get<{ Params: { operatorId: string } }>(
    '/operators/:operatorId',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'An operator',
        params: Params,
        response: { 200: { ...Operator, description: 'The operator' } },
      },
    },
    async (request) => shownTo(request, await operatorsService.get(request.params.operatorId)),
  );

  app.patch<{ Params: { operatorId: string }; Body: { name?: string; role?: RoleName; disabled?: boolean } }>(
    '/operators/:operatorId',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'Rename an operator, change their role, or disable or enable them',
        description:
          "A disabled operator's sessions end and API tokens are revoked at once: enabling them again brings no token back. The last admin who can sign in cannot be demoted or disabled.",
        params: Params,
        body: Type.Object(
          {
            name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
            role: Type.Optional(Role),
            disabled: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        response: {
          200: { ...Operator, description: 'The operator as it now stands' },
          409: AdminError,
        },
      },
    },
    async (request) => operatorsService.update(request.params.operatorId, request.body, actorOf(request)),
  );

  app.post<{ Params: { operatorId: string } }>(
    '/operators/:operatorId/invite',
    {
      config: { role: 'admin' },
      schema: {
        summary: 'A new invite link for an operator: to set (or reset) their password; earlier links stop working',
        params: Params,
        response: { 201: { ...Invite, description: 'The new link' } },
      },
    },
    async (request, reply) => {
      await operatorsService.get(request.params.operatorId);
      return reply.code(201).send(await operatorsService.invite(request.params.operatorId, actorOf(request)));
    },
  );
}
