import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/**
 * Parses JSON bodies as usual (prototype-poisoning keys refused) and keeps the text exactly as
 * received on `request.rawBody`, so what the bank sent can be shown in an audit. PostgreSQL
 * text cannot hold a NUL character; with `refuseNul` a body with one is refused here as invalid
 * input. The bank API decides field by field instead, because there a Member Number with a NUL
 * is simply one that names no member.
 */
export function keepRawJsonBodies(app: FastifyInstance, { refuseNul }: { refuseNul: boolean }): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    if (refuseNul && /\\u0000/i.test(body as string)) {
      done(new AppError('invalid_input', 'body: must not contain NUL characters (\\u0000)'), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
