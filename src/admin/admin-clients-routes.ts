import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { ClientsService } from '../clients/clients-service.js';
import { actorOf } from '../http/actor.js';
import { AdminError, NoBody, NullableTimestamp, Timestamp } from '../http/schemas.js';

const Client = Type.Object({
  clientId: Type.String({ description: 'The client_id the bank authenticates with' }),
  name: Type.String(),
  createdAt: Timestamp('When the client was created'),
});

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

export async function adminClientsRoutes(app: FastifyInstance, { clients }: { clients: ClientsService }) {
  app.post<{ Body: { name: string } }>(
    '/clients',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a bank client',
        body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }) }),
        response: { 201: Client, 400: AdminError, 401: AdminError },
      },
    },
    async (request, reply) => reply.code(201).send(await clients.createClient(request.body.name, actorOf(request))),
  );

  app.get(
    '/clients',
    {
      schema: { tags: ['admin'], summary: 'List bank clients', response: { 200: Type.Object({ items: Type.Array(Client) }), 401: AdminError } },
    },
    async () => ({ items: await clients.listClients() }),
  );

  app.get<{ Params: { clientId: string } }>(
    '/clients/:clientId',
    {
      schema: {
        tags: ['admin'],
        summary: 'A bank client with its secrets (never a hash)',
        params: ClientParams,
        response: { 200: Type.Composite([Client, Type.Object({ secrets: Type.Array(Secret) })]), 401: AdminError, 404: AdminError },
      },
    },
    async (request) => clients.getClient(request.params.clientId),
  );

  app.post<{ Params: { clientId: string } }>(
    '/clients/:clientId/secrets',
    {
      schema: {
        tags: ['admin'],
        summary: 'Issue a secret: returns a one-time hand-over link for the bank',
        params: ClientParams,
        response: {
          201: Type.Object({
            secretId: Type.String(),
            handoverUrl: Type.String({ description: 'Send this to the bank; it shows the credentials once' }),
            expiresAt: Timestamp('When the link stops working'),
          }),
          401: AdminError,
          404: AdminError,
          409: AdminError,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await clients.issueSecret(request.params.clientId, actorOf(request))),
  );

  app.delete<{ Params: { clientId: string; secretId: string } }>(
    '/clients/:clientId/secrets/:secretId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revoke a secret: no new tokens from it; tokens already issued run out within the hour',
        params: SecretParams,
        response: { 204: NoBody('Revoked'), 401: AdminError, 404: AdminError },
      },
    },
    async (request, reply) => {
      await clients.revokeSecret(request.params.clientId, request.params.secretId, actorOf(request));
      return reply.code(204).send();
    },
  );
}
