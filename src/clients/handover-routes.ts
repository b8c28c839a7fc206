import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { actorOf } from '../http/actor.js';
import { declareUnavailable } from '../http/schemas.js';
import type { ClientsService } from './clients-service.js';
import { HANDOVER_CSP, gonePage, readyPage, revealedPage, unknownPage } from './handover-page.js';

const Params = Type.Object({ token: Type.String() });
const Html = (description: string) => Type.String({ description });

const Revealed = Type.Object(
  { client_id: Type.String(), client_secret: Type.String() },
  { description: 'The credentials, shown this one time (JSON when the request asks Accept: application/json, else HTML)' },
);
const LinkError = Type.Object({ error: Type.String(), message: Type.String() }, { description: 'Link used, expired, revoked or unknown' });

const MISSING = {
  gone: { status: 410, page: gonePage, error: 'gone', message: 'This link has already been used, has expired or was withdrawn' },
  unknown: { status: 404, page: unknownPage, error: 'not_found', message: 'No such link' },
} as const;

/** The secure hand-over: a one-time link that shows a bank its credentials once. */
export async function handoverRoutes(app: FastifyInstance, { clients }: { clients: ClientsService }) {
  // A browser posts an empty form, curl posts nothing at all: whatever comes is read and ignored.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));

  app.addHook('onRoute', declareUnavailable);
  app.addHook('onRequest', async (_request, reply) => {
    reply
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', HANDOVER_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY');
  });

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).type('text/html; charset=utf-8').send(body);

  app.get<{ Params: { token: string } }>(
    '/handover/:token',
    {
      schema: {
        tags: ['handover'],
        summary: 'The hand-over page: shows a button, never the secret',
        params: Params,
        produces: ['text/html'],
        response: { 200: Html('Page with a "Reveal credentials" button'), 404: Html('Unknown link'), 410: Html('Used, expired or revoked link') },
      },
    },
    async (request, reply) => {
      const state = await clients.inspectHandover(request.params.token);
      if (state === 'ready') return html(reply, 200, readyPage());
      const { status, page } = MISSING[state];
      return html(reply, status, page());
    },
  );

  app.post<{ Params: { token: string } }>(
    '/handover/:token',
    {
      schema: {
        tags: ['handover'],
        summary: 'Reveal the credentials, once',
        params: Params,
        produces: ['text/html', 'application/json'],
        response: { 200: Revealed, 404: LinkError, 410: LinkError },
      },
    },
    async (request, reply) => {
      const wantsJson = /application\/json/i.test(request.headers.accept ?? '');
      const result = await clients.revealHandover(request.params.token, actorOf(request));
      if (result.state === 'revealed') {
        request.log.info({ clientId: result.clientId }, 'credentials revealed');
        if (wantsJson) return reply.send({ client_id: result.clientId, client_secret: result.clientSecret });
        return html(reply, 200, revealedPage(result.clientId, result.clientSecret));
      }
      const missing = MISSING[result.state];
      if (wantsJson) return reply.code(missing.status).send({ error: missing.error, message: missing.message });
      return html(reply, missing.status, missing.page());
    },
  );
}
