import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../errors.js';
import { useBodyTime } from './body-deadline.js';
import { sendError, statusOf, toDomainError } from './error-answers.js';
import { trackMethods } from './method-not-allowed.js';
import { declareResponses, TooSlow, Unavailable } from './schemas.js';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.4rem}code{display:block;padding:.6rem;background:#f3f3f3;border-radius:4px;word-break:break-all;font-size:1rem}
button{font-size:1rem;padding:.6rem 1.2rem;cursor:pointer}.note{color:#555}.problem{color:#a00000}
label{display:block;margin:1rem 0 .3rem}input{font-size:1rem;padding:.5rem;width:100%;max-width:24rem;box-sizing:border-box}`;

/**
 * Only the inline style above may apply: no script, no image, no frame, nothing from another
 * origin, and a form may post only back here.
 */
export const LINK_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** A whole page; `body` is HTML the caller has escaped. */
export const linkPage = (title: string, body: string) =>
  `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>
${body}
</main></body></html>
`;

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
    route.config = { ...route.config, secretInPath: true };
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
