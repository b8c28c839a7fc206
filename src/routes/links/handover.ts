import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { readyPage, revealedPage } from '../../clients/handover-page.js';
import type { HandoverService } from '../../clients/handover-service.js';
import { gone, notFound } from '../../errors.js';
import { actorOf } from '../../http/actor.js';
import { Html, LinkError, LinkParams, sendPage, setUpLinkRoutes, wantsJson } from '../../http/link-pages.js';

const Revealed = Type.Object(
  { client_id: Type.String(), client_secret: Type.String() },
  {
    description:
      'The credentials, shown this one time (JSON when the request asks Accept: application/json, else HTML)',
  },
);

/** Both methods of a hand-over link: public, named by the link's token. */
const onLink = { tags: ['handover'], security: [], params: LinkParams };

/** The secure hand-over: a one-time link that shows a bank its credentials once. */
export const handoverRoutes: FastifyPluginAsyncTypebox<{ handoverService: HandoverService }> = async (
  app,
  { handoverService },
) => {
  const answerWrongMethods = setUpLinkRoutes(app);
  // A browser posts an empty form, curl posts nothing at all: whatever comes is read and ignored.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
    done(null, undefined),
  );
  const stateError = (state: 'gone' | 'unknown') => (state === 'gone' ? gone.link() : notFound.link());

  app.get(
    '/handover/:token',
    {
      schema: {
        ...onLink,
        summary: 'The hand-over page: shows a button, never the secret',
        produces: ['text/html'],
        response: {
          200: Html('Page with a "Reveal credentials" button'),
          404: Html('Unknown link'),
          410: Html('Used, expired or revoked link'),
        },
      },
    },
    async (request, reply) => {
      const state = await handoverService.inspect(request.params.token);
      if (state !== 'ready') throw stateError(state);
      return sendPage(reply, 200, readyPage());
    },
  );

  app.post(
    '/handover/:token',
    {
      schema: {
        ...onLink,
        summary: 'Reveal the credentials, once',
        produces: ['text/html', 'application/json'],
        response: { 200: Revealed, 404: LinkError, 410: LinkError },
      },
    },
    async (request, reply) => {
      const result = await handoverService.reveal(request.params.token, actorOf(request, 'hand-over link'));
      if (result.state !== 'revealed') throw stateError(result.state);
      request.log.info({ clientId: result.clientId }, 'credentials revealed');
      if (wantsJson(request)) return reply.send({ client_id: result.clientId, client_secret: result.clientSecret });
      return sendPage(reply, 200, revealedPage(result.clientId, result.clientSecret));
    },
  );
  answerWrongMethods();
};
