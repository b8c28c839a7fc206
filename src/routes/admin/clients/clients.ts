import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ClientsService } from '../../../clients/clients-service.js';
import { actorOf } from '../../../http/actor.js';
import { AdminError, described, NoBody, NullableTimestamp, Timestamp } from '../../../http/schemas.js';
import { MAX_STATEMENT_ACCOUNTS } from '../../../reconciliation/statement-accounts.js';

const StatementAccounts = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  maxItems: MAX_STATEMENT_ACCOUNTS,
  description:
    "The bank accounts this bank's statements are for, as its statements write them (MT940 :25:, camt.053 Acct/Id): " +
    "spaces, capitals and a bank code before a slash do not matter. A statement's part for any other account is named in the run and not matched. " +
    'Empty: every account of its statements is taken as its own',
});

const Client = Type.Object({
  clientId: Type.String({ description: 'The client_id the bank authenticates with' }),
  name: Type.String(),
  createdAt: Timestamp('When the client was created'),
  allowedIps: Type.Array(Type.String(), {
    description: 'CIDRs its token requests and bank calls may come from; empty: any address',
  }),
  disabled: Type.Boolean({ description: 'A disabled client gets no tokens, and its bank calls answer 401' }),
  statementAccounts: StatementAccounts,
  sandbox: Type.Boolean({
    description:
      'A sandbox client sees only the test members and makes only test payments (receipts starting TEST), for good',
  }),
});

const ClientActivity = Type.Composite([
  Client,
  Type.Object({
    lastCalledAt: NullableTimestamp(
      'When it last called the bank API (token requests aside), up to half a minute late; null if never',
    ),
  }),
]);

const Secret = Type.Object({
  secretId: Type.String(),
  state: Type.Union(
    [Type.Literal('awaiting_handover'), Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')],
    { description: 'awaiting_handover: link not used yet; active: revealed; expired: link ran out unused; revoked' },
  ),
  createdAt: Timestamp('When the secret was issued'),
  handoverExpiresAt: Timestamp('When the hand-over link stops working'),
  revealedAt: NullableTimestamp('When the link was used'),
  revokedAt: NullableTimestamp('When the secret was revoked'),
});

const ClientParams = Type.Object({ clientId: Type.String() });
const SecretParams = Type.Object({ clientId: Type.String(), secretId: Type.String() });

export const adminClientsRoutes: FastifyPluginAsyncTypebox<{ clientsService: ClientsService }> = async (
  app,
  { clientsService },
) => {
  app.post(
    '/clients',
    {
      schema: {
        summary: 'Create a bank client',
        body: Type.Object({
          name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
          statementAccounts: Type.Optional(StatementAccounts),
          sandbox: Type.Optional(
            Type.Boolean({
              description:
                "true: a sandbox client, for the bank's tests: the test members and test payments only, never real data; it can never become live",
            }),
          ),
        }),
        response: { 201: described(Client, 'The client was created') },
      },
    },
    async (request, reply) => {
      const { name, ...options } = request.body;
      return reply.code(201).send(await clientsService.createClient(name, actorOf(request), options));
    },
  );

  app.put(
    '/clients/:clientId/allowed-ips',
    {
      schema: {
        summary: "Set the addresses a bank's requests may come from",
        description:
          'Token requests and bank calls from any other address are refused before they count against the ' +
          "client's rate limit, so nobody elsewhere can lock the bank out. An empty list allows any address.",
        params: ClientParams,
        body: Type.Object({
          allowedIps: Type.Array(Type.String({ maxLength: 64 }), {
            maxItems: 100,
            description: 'CIDRs such as 196.201.214.0/24, or single addresses',
          }),
        }),
        response: { 200: described(Client, 'The client as it now stands'), 404: AdminError },
      },
    },
    async (request) => clientsService.setAllowedIps(request.params.clientId, request.body.allowedIps, actorOf(request)),
  );

  app.patch(
    '/clients/:clientId',
    {
      schema: {
        summary: "Disable or enable a bank client, or set its statements' accounts",
        description:
          'A disabled client gets no tokens, and its bank calls answer 401, tokens already issued included. ' +
          'statementAccounts replaces the list of accounts its statements are for.',
        params: ClientParams,
        body: Type.Object(
          {
            disabled: Type.Optional(Type.Boolean()),
            statementAccounts: Type.Optional(StatementAccounts),
            sandbox: Type.Optional(
              Type.Boolean({ description: 'Only its present value is taken: a client is sandbox or live for good' }),
            ),
          },
          { minProperties: 1 },
        ),
        response: {
          200: described(Client, 'The client as it now stands'),
          409: described(AdminError, 'The body asks to turn a sandbox client live, or a live one into a sandbox'),
        },
      },
    },
    async (request) => clientsService.updateClient(request.params.clientId, request.body, actorOf(request)),
  );

  app.get(
    '/clients',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'List bank clients',
        response: {
          200: Type.Object({ items: Type.Array(ClientActivity) }, { description: 'Every bank client' }),
        },
      },
    },
    async () => ({ items: await clientsService.listClients() }),
  );

  app.get(
    '/clients/:clientId',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'A bank client with its secrets (never a hash)',
        params: ClientParams,
        response: {
          200: Type.Composite([ClientActivity, Type.Object({ secrets: Type.Array(Secret) })], {
            description: 'The client and its secrets, without any hash',
          }),
        },
      },
    },
    async (request) => clientsService.getClient(request.params.clientId),
  );

  app.post(
    '/clients/:clientId/secrets',
    {
      schema: {
        summary: 'Issue a secret: returns a one-time hand-over link for the bank',
        params: ClientParams,
        response: {
          201: Type.Object(
            {
              secretId: Type.String(),
              handoverUrl: Type.String({ description: 'Send this to the bank; it shows the credentials once' }),
              expiresAt: Timestamp('When the link stops working'),
            },
            { description: 'The secret is issued: its one-time hand-over link' },
          ),
          409: AdminError,
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await clientsService.issueSecret(request.params.clientId, actorOf(request))),
  );

  app.delete(
    '/clients/:clientId/secrets/:secretId',
    {
      schema: {
        summary: 'Revoke a secret: no new tokens from it; tokens already issued run out within the hour',
        params: SecretParams,
        response: { 204: NoBody('Revoked') },
      },
    },
    async (request, reply) => {
      await clientsService.revokeSecret(request.params.clientId, request.params.secretId, actorOf(request));
      return reply.code(204).send();
    },
  );
};
