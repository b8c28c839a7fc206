import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** A JSON body exactly as received, kept with a payment for audit. */
    rawBody?: string;
  }
  interface FastifyContextConfig {
    /**
     * PostgreSQL text cannot hold a NUL, so JSON bodies with one are refused as invalid input,
     * unless the route decides field by field (the bank API: a Member Number with a NUL is simply
     * one that names no member).
     */
    nulInJson?: 'refuse' | 'route-decides';
  }
}

/**
 * The JSON parser of the whole app: the framework's own (prototype-poisoning keys refused), which
 * also keeps the text on `request.rawBody`.
 */
export function parseJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    request.rawBody = text;
    if (request.routeOptions.config?.nulInJson !== 'route-decides' && /\\u0000/i.test(text)) {
      done(invalidInput('body', 'must not contain NUL characters (\\u0000)'), undefined);
      return;
    }
    parse(request, text, done);
  });
}
