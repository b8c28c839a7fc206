import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A list as a CSV file to download, streamed a line at a time: a long one is never held whole.
 * The reply is the plain one: the route's schema declares its JSON, which this answer replaces.
 */
export function sendCsv(reply: FastifyReply, file: string, lines: AsyncIterable<string>) {
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${file}"`)
    .type('text/csv; charset=utf-8')
    .send(Readable.from(lines));
}
