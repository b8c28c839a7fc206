import { type TSchema, Type } from '@sinclair/typebox';

// Pieces every layer's schemas are built from: the API's answers and the webhook events' data.

/**
 * An instant in a response. Services return a Date and the serializer writes its ISO string, so the
 * type takes either; the schema (and the OpenAPI document) says a date-time string.
 */
export const Timestamp = (description?: string) =>
  Type.Unsafe<Date | string>(
    Type.String({ format: 'date-time', ...(description === undefined ? {} : { description }) }),
  );
export const NullableTimestamp = (description: string) => Type.Union([Timestamp(), Type.Null()], { description });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A shared schema with the description one response gives it: the OpenAPI document says what each answer means. */
export const described = <T extends TSchema>(schema: T, description: string): T => ({ ...schema, description });

/** One of a list of strings, as an enum: the OpenAPI document names each, and a wrong one is answered with them all. */
export const StringEnum = <T extends string>(values: readonly T[], options: { description?: string } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });

/** The paging parameters of an admin list: `limit` a page, from the `nextCursor` of the page before. */
export const paging = (limit = { maximum: 500, default: 50 }) => ({
  limit: Type.Optional(Type.Integer({ minimum: 1, ...limit })),
  cursor: Type.Optional(Type.String({ description: 'nextCursor of the page before' })),
});

/**
 * A list's `format` parameter: json (a page) or csv (the whole list as a file); `csv` says what
 * the file holds. Accept: text/csv asks for it as well (see src/http/csv-answer.ts).
 */
export const CsvFormat = (csv: string) =>
  Type.Optional(
    Type.Union([Type.Literal('json'), Type.Literal('csv')], {
      description: `csv: ${csv} (also with Accept: text/csv)`,
    }),
  );
