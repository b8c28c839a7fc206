import { Type, type TSchema } from '@sinclair/typebox';
import type { RouteOptions } from 'fastify';

/** A response with no body (401 of the bank API, 413, 429), declared so the documentation shows it. */
export const NoBody = (description: string) => Type.Null({ description });

export const BankError = Type.Object(
  {
    resultCode: Type.Integer({ description: '4 = invalid input, 5 = service unavailable (503, with Retry-After)' }),
    message: Type.String({ description: 'What is wrong, as "<field>: <problem>" for invalid input' }),
  },
  { description: 'The request was refused' },
);

export const AdminError = Type.Object(
  {
    error: Type.String({ description: 'Machine-readable code' }),
    message: Type.String({ description: 'What went wrong, for a person' }),
  },
  { description: 'The request was refused' },
);

const Unavailable = Type.Object(AdminError.properties, {
  description: 'error "unavailable": the database does not answer; try again after Retry-After seconds',
});

/** For an onRoute hook: every route that reads or writes the database can answer 503, and says so. */
export function declareUnavailable(route: RouteOptions): void {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (response && !('503' in response)) route.schema = { ...route.schema, response: { ...response, 503: Unavailable } };
}

export const Timestamp = (description: string) => Type.String({ format: 'date-time', description });
export const NullableTimestamp = (description: string) =>
  Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
