import type { Readable } from 'node:stream';
import { type TSchema, Type } from '@sinclair/typebox';
import type { RouteOptions } from 'fastify';

import { described, Nullable } from '../schema-parts.js';

export { CsvFormat, described, Nullable, NullableTimestamp, paging, StringEnum, Timestamp } from '../schema-parts.js';

/**
 * A response with no body (401 of the bank API, 413, 429), declared so the documentation shows it.
 * Its type is undefined, not null: the route sends nothing (`reply.send()`), it does not send null.
 */
export const NoBody = (description: string) => Type.Unsafe<undefined>(Type.Null({ description }));

/**
 * `schema` as the answer of a refusal that says when to try again: the document then names the
 * Retry-After header, so a generated client can read it (the error mapper sends it).
 */
export const withRetryAfter = <T extends TSchema>(schema: T): T => ({
  ...schema,
  headers: { 'Retry-After': Type.Integer({ minimum: 1, description: 'Seconds to wait before trying again' }) },
});

export const BankError = Type.Object(
  {
    resultCode: Type.Integer({
      description: '4 = invalid input, 5 = service unavailable (503), 6 = too many calls (429); both with Retry-After',
    }),
    message: Type.String({ description: 'What is wrong, as "<field>: <problem>" for invalid input' }),
  },
  { description: 'The request was refused' },
);

export const BankUnavailable = withRetryAfter(
  described(
    BankError,
    'resultCode 5: the service cannot answer now; send the same request again after Retry-After seconds',
  ),
);

export const AdminError = Type.Object(
  {
    error: Type.String({ description: 'Machine-readable code' }),
    message: Type.String({ description: 'What went wrong, for a person' }),
  },
  { description: 'The request was refused' },
);

/**
 * An onRoute hook that declares answers every route of a plugin can give (the database away, a
 * body that did not arrive in time, a throttle) on each route that does not declare them itself.
 */
export const declareResponses =
  (extra: Record<number, TSchema>) =>
  (route: RouteOptions): void => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response || route.schema?.hide) return;
    const missing = Object.entries(extra).filter(([status]) => !(status in response));
    route.schema = { ...route.schema, response: { ...Object.fromEntries(missing), ...response } };
  };

/**
 * An onRoute hook for the admin API: a route that takes a body or a query can refuse it (400), and
 * a route that names a thing in its path can find nothing there (404; a PUT makes it instead).
 * Declared here so that each route lists only the answers of its own.
 */
export const declareInputErrors = (route: RouteOptions): void => {
  const schema = route.schema;
  if (!schema) return;
  const errors: Record<number, TSchema> = {};
  if (schema.body || schema.querystring)
    errors[400] = described(AdminError, 'The input was refused: the message says why');
  if (schema.params && route.method !== 'PUT') errors[404] = described(AdminError, 'Nothing by that id');
  declareResponses(errors)(route);
};

export const Unavailable = Type.Object(AdminError.properties, {
  description: 'error "unavailable": the database does not answer; try again after Retry-After seconds',
});
export const TooSlow = Type.Object(AdminError.properties, {
  description: 'error "request_timeout": the request did not arrive whole in time; the connection is closed',
});

/** A text answer the route streams (CSV, NDJSON): documented as a string, sent as a stream of its lines. */
export const StreamedText = (description: string) => Type.Unsafe<Readable>(Type.String({ description }));

/** One page of an admin list, and where the next begins. */
export const Page = <T extends TSchema>(item: T, description: string) =>
  Type.Object(
    { items: Type.Array(item), nextCursor: Nullable(Type.String({ description: 'null on the last page' })) },
    { description },
  );
