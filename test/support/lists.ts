import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { admin } from './bank.js';
import { json } from './test-app.js';

// What the tests of the admin lists and their CSV downloads share.

/** Every page of an admin list (`/payments`, `/members`), `limit` a page, followed by its cursors. */
export async function everyPage(
  app: FastifyInstance,
  list: string,
  query: string,
  limit: number,
): Promise<Record<string, any>[]> {
  const items: Record<string, any>[] = [];
  let cursor: string | null = null;
  do {
    const more = cursor ? `&cursor=${cursor}` : '';
    const response = await admin(app, 'GET', `${list}?limit=${limit}&${query}${more}`);
    assert.equal(response.statusCode, 200, response.body);
    items.push(...json(response).items);
    cursor = json(response).nextCursor;
  } while (cursor);
  return items;
}

/** The rows of a CSV answer as objects by its header, once the answer is checked to be a CSV download. */
export function csvRecords(response: LightMyRequestResponse, file: RegExp): Record<string, string>[] {
  assert.equal(response.statusCode, 200, response.body);
  assert.match(String(response.headers['content-type']), /^text\/csv; charset=utf-8/);
  assert.match(String(response.headers['content-disposition']), file);
  assert.equal(response.headers['cache-control'], 'no-store');
  return parse(response.body, { columns: true });
}

/**
 * A value as the CSV carries it: a cell that would run as a formula starts with a quote (src/csv.ts),
 * a line break is a space, and a missing value is empty.
 */
export function asWritten(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  const formula = /^[=+\-@\t\r]/.test(text) && !/^-[0-9]+(\.[0-9]+)?$/.test(text);
  return (formula ? `'${text}` : text).replace(/\r\n|[\n\v\f\r\u0085\u2028\u2029]/g, ' ');
}
