import { Readable } from 'node:stream';
import type { TSchema } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { Page, StreamedText } from './schemas.js';

/**
 * The schema's answers of a route that answers JSON or, asked for as CSV (see wantsCsv), the same
 * as a file: spread into the route's schema.
 */
export const jsonOrCsvAnswers = <T extends TSchema>(json: T, answers: { csv: string; both: string }) => ({
  produces: ['application/json', 'text/csv'],
  response: {
    200: {
      description: answers.both,
      content: {
        'application/json': { schema: json },
        'text/csv': { schema: StreamedText(`RFC 4180 CSV with a header row, formula-safe: ${answers.csv}`) },
      },
    },
  },
});

/** The answers of a list that gives one page as JSON or every row the filters find as CSV. */
export const pageOrCsvAnswers = <T extends TSchema>(item: T, answers: { page: string; csv: string; both: string }) =>
  jsonOrCsvAnswers(Page(item, answers.page), answers);

/** Whether a list is asked for as CSV: `format=csv`, or, with no format, an Accept that puts text/csv first. */
export const wantsCsv = (format: string | undefined, accept: string | undefined): boolean =>
  format === 'csv' || (format === undefined && /^\s*text\/csv\b/i.test(accept ?? ''));

/**
 * A whole list as a CSV file, streamed as its lines are read: too long to hold, and its shape is
 * not the JSON's. The name is the file's when it is saved.
 */
export function sendCsv(reply: FastifyReply, file: string, lines: AsyncIterable<string> | Iterable<string>) {
  return reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${file}"`)
    .type('text/csv; charset=utf-8')
    .send(Readable.from(lines));
}

/**
 * A list's answer: one page as JSON, or, asked for as CSV, every row the filters find as a file
 * (its name, then its lines). Only the one chosen is made; a bad filter throws before anything is sent.
 */
export function pageOrCsv<T>(
  request: { query: { format?: string | undefined }; headers: { accept?: string | undefined } },
  reply: FastifyReply,
  answers: { page: () => Promise<T>; file: () => string; lines: () => AsyncIterable<string> },
): Promise<T> | FastifyReply {
  if (!wantsCsv(request.query.format, request.headers.accept)) return answers.page();
  return sendCsv(reply, answers.file(), answers.lines());
}

/**
 * A file name made of a list's filters, so two downloads of different searches do not take each
 * other's name: "payments-held-2026-11-01-2026-11-30.csv". Only letters, digits and dashes.
 */
export function csvFileName(list: string, parts: readonly (string | undefined)[]): string {
  const words = parts
    .flatMap((part) => (part === undefined ? [] : [part.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '')]))
    .filter((part) => part !== '');
  return `${[list, ...words].join('-').slice(0, 120)}.csv`;
}
