import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { ClientsService } from '../../../clients/clients-service.js';
import { actorOf } from '../../../http/actor.js';
import { AdminError, described, NoBody, Timestamp } from '../../../http/schemas.js';
import { Client, ClientActivity, ContactEmail, Secret, StatementAccounts } from './schemas.js';

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
          contactEmail: Type.Optional(ContactEmail),
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
        summary: "Disable or enable a bank client, or set its statements' accounts or its contact email",
        description:
          'A disabled client gets no tokens, and its bank calls answer 401, tokens already issued included. ' +
          'statementAccounts replaces the list of accounts its statements are for; contactEmail, where its hand-over links may be emailed.',
        params: ClientParams,
        body: Type.Object(
          {
            disabled: Type.Optional(Type.Boolean()),
            statementAccounts: Type.Optional(StatementAccounts),
            sandbox: Type.Optional(
              Type.Boolean({ description: 'Only its present value is taken: a client is sandbox or live for good' }),
            ),
            contactEmail: Type.Optional(ContactEmail),
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
        summary: 'Issue a secret: returns a one-time hand-over link for the bank, and can email it to its contact',
        description:
          "With ?email=true the link is emailed to the bank's contact email too, the subject naming the organisation " +
          'and the bank; 409 when the bank has no contact email or the service sends no email (BIS_SMTP_URL unset).',
        params: ClientParams,
        querystring: Type.Object({
          email: Type.Optional(Type.Boolean({ description: "Email the link to the bank's contact email" })),
        }),
        response: {
          201: Type.Object(
            {
              secretId: Type.String(),
              handoverUrl: Type.String({ description: 'Send this to the bank; it shows the credentials once' }),
              expiresAt: Timestamp('When the link stops working'),
              emailedTo: Type.Union([Type.String(), Type.Null()], {
                description: 'Where the link was emailed; null when it was not',
              }),
            },
            { description: 'The secret is issued: its one-time hand-over link' },
          ),
          409: AdminError,
        },
      },
    },
    async (request, reply) => {
      const emailIt = request.query.email === true;
      const issued = await clientsService.issueSecret(request.params.clientId, actorOf(request), { emailIt });
      return reply.code(201).send(issued);
    },
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
