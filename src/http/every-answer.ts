import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { invalidInput } from '../errors.js';
import { sendError } from './error-answers.js';

/**
 * On every answer: a browser takes each body for what its Content-Type says and never guesses a
 * script or a page out of it (a JSON error quoting a caller's text, say).
 */
export const NO_SNIFF = ['x-content-type-options', 'nosniff'] as const;

/**
 * Fastify's frameworkErrors: a URL that cannot be decoded (`/%zz`) is refused before routing, so
 * no hook runs for it; it gets the admin API's 400 and the headers every answer carries.
 */
export function answerFrameworkError(error: Error, request: FastifyRequest, reply: FastifyReply): void {
  reply.header(...NO_SNIFF).header('x-request-id', request.id);
  sendError(invalidInput.url(error.message), request, reply);
}

/**
 * Fastify's clientErrorHandler: what Node could not read as HTTP (a malformed request, a head too
 * large or too slow) is answered on the socket itself, as Fastify does, with nosniff too.
 */
export function answerClientError(this: { log: FastifyBaseLogger }, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Client Timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Exceeded maximum allowed HTTP header size']
        : [400, 'Client Error'];
  const body = JSON.stringify({ error: STATUS_CODES[status], message, statusCode: status });
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json\r\n${NO_SNIFF[0]}: ${NO_SNIFF[1]}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
