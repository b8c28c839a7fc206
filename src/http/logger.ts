import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

/** A hand-over link is a credential: its token never reaches the log. */
export const redactUrl = (url: string) => url.replace(/\/handover\/[^/?#]+/, '/handover/[redacted]');

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'headers.authorization',
        '*.client_secret',
        '*.access_token',
        '*.secret_hash',
        '*.handover_hash',
        'client_secret',
        'access_token',
      ],
      censor: '[redacted]',
    },
    serializers: {
      // Database errors can carry the statement's parameters (payment details, hashes): only
      // what says what went wrong is kept.
      err: (error: Error & { code?: string }) => ({ type: error.name, message: error.message, code: error.code, stack: error.stack }),
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

/**
 * One line per request, written when it is answered, where Fastify writes one when it arrives
 * and another when it is answered: the log says the same, and writing it was a tenth of the cost
 * of a request that needs no database.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
