import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';

const shared: Options = { allErrors: false, useDefaults: true, removeAdditional: false, strict: false };

function makeAjv(options: Options) {
  const ajv = new Ajv.default({ ...shared, ...options });
  addFormats.default(ajv);
  return ajv;
}

// Bodies are never coerced: a Member Number sent as the number 1234567 is a type error the
// bank should hear about, not a string we quietly make up. Query strings and path parameters
// arrive as text, so there numbers and booleans are read from it.
const bodyAjv = makeAjv({ coerceTypes: false });
const textAjv = makeAjv({ coerceTypes: true });

// Every route's validators and serializers are compiled on its first request, not at start:
// compiling all of them made up a fifth of the time a new install took to start, and a route's
// first call pays a few milliseconds instead.

type Validate = ReturnType<FastifySchemaCompiler<object>> & { errors?: unknown };

/**
 * A PATCH names the fields it changes, so a field the route does not know is a mistake to answer
 * with 400 (a misspelt "disabled" must not quietly change nothing), whether or not the schema says so.
 */
function strictPatch(schema: object, method: string | undefined): object {
  const declared = schema as { type?: unknown; additionalProperties?: unknown };
  if (method !== 'PATCH' || declared.type !== 'object' || declared.additionalProperties !== undefined) return schema;
  return { ...schema, additionalProperties: false };
}

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart, method }) => {
  let compiled: Validate | undefined;
  const validate: Validate = (data: unknown) => {
    compiled ??= (
      httpPart === 'body' ? bodyAjv.compile(strictPatch(schema, method)) : textAjv.compile(schema)
    ) as Validate;
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  };
  return validate;
};

const compileSerializer = SerializerSelector()();

export const serializerCompiler: FastifySerializerCompiler<object> = (route) => {
  let compiled: ((data: unknown) => string) | undefined;
  return (data: unknown) => {
    compiled ??= compileSerializer(route as Parameters<typeof compileSerializer>[0]);
    return compiled(data);
  };
};
