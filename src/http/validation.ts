import Ajv, { type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

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

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === 'body' ? bodyAjv : textAjv).compile(schema) as ReturnType<FastifySchemaCompiler<object>>;
