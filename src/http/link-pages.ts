import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../errors.js';
import { LINK_PAGE_CSP, linkPage } from '../pages/link-page.js';
import { useBodyTime } from './body-deadline.js';
import { sendError, statusOf, toDomainError } from './error-answers.js';
import { trackMethods } from './method-not-allowed.js';
import { declareResponses, TooSlow, Unavailable } from './schemas.js';

const PAGES: Partial<Record<ErrorCode, () => string>> = {
  gone: () =>
    linkPage(
      'Link no longer valid',
      '<p>This link has already been used, has expired or was withdrawn. Ask the organisation for a new one.</p>',
    ),
  not_found: () => linkPage('Link not found', '<p>This link is not valid. Check that it was copied whole.</p>'),
};

export const LinkParams = Type.Object({ token: Type.String() });
export const Html = (description: string) => Type.String({ description });
export const LinkError = Type.Object(
  { error: Type.String(), message: Type.String() },
  { description: 'Link used, expired, revoked or unknown' },
);

export const sendPage = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('text/html; charset=utf-8').send(body);

/** A script asks for JSON; a browser gets pages. */
export const wantsJson = (request: FastifyRequest) =>
  request.method === 'POST' && /application\/json/i.test(request.headers.accept ?? '');

/**
 * What every route plugin of one-time links (the bank's hand-over, an operator's invite) shares:
 * the token in the path is a credential (never logged), pages are never cached nor framed nor
 * referred, bodies are small and quick, and a used or unknown link is answered with a page
 * (or, to a script asking for JSON, the admin API's error body). Returns the function that
 * answers the plugin's other methods with 405; call it once its routes are registered.
 */
export function setUpLinkRoutes(app: FastifyInstance): () => void {
  useBodyTime(app, 'quick');
  app.addHook('onRoute', (route) => {
    // Opened without a credential (the link is one): counted against the address's public limit.
    route.config = { ...route.config, secretInPath: true, publicPage: true };
  });
  app.addHook('onRoute', declareResponses({ 408: TooSlow, 503: Unavailable }));
  const answerWrongMethods = trackMethods(app);
  app.addHook('onRequest', async (_request, reply) => {
    reply
      .header('cache-control', 'no-store')
      .header('pragma', 'no-cache')
      .header('referrer-policy', 'no-referrer')
      .header('content-security-policy', LINK_PAGE_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('x-frame-options', 'DENY');
  });
  app.setErrorHandler((cause, request, reply) => {
    const error = toDomainError(cause);
    const page = PAGES[error.code];
    if (!page || wantsJson(request)) return sendError(error, request, reply);
    request.log.info({ code: error.code }, 'one-time link refused');
    return sendPage(reply, statusOf(error), page());
  });
  return answerWrongMethods;
}
