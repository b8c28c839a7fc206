import { METADATA_PATH } from '../oauth/server-metadata.js';
import { type Audience, TAGS } from './openapi.js';

interface Operation {
  tags?: string[];
  security?: Record<string, unknown>[];
}

/** What is read and written of an OpenAPI document here; the rest passes through as it is. */
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths?: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown> };
  tags?: { name: string }[];
}

const RESULT_CODES =
  'Bank result codes: 0 found or accepted; 1 customer not found (the payment is held); 2 customer not validated ' +
  '(the payment is held); 3 duplicate transactionReference with other details; 4 invalid input; 5 service ' +
  'unavailable, try again after Retry-After; 6 too many calls from this client, try again after Retry-After.';

const INFO: Record<Audience, { title: string; description: string }> = {
  bank: {
    title: 'Bank Integration Service: bank API',
    description:
      'Request a token (OAuth 2.0 client credentials, discovered at ' +
      `${METADATA_PATH}), validate a customer, notify a payment; and the one-time hand-over of the credentials. ` +
      RESULT_CODES,
  },
  admin: {
    title: 'Bank Integration Service: admin API',
    description:
      "The organisation's admin API, the operators' invite links and the metrics. The banks' calls are in " +
      'the document GET /openapi.json serves.',
  },
};

const AUDIENCE_OF = new Map(TAGS.map(({ name, audience }) => [name, audience]));

function audienceOf(name: string, operation: Operation): Audience {
  const audiences = new Set((operation.tags ?? []).map((tag) => AUDIENCE_OF.get(tag)));
  const [audience] = audiences;
  // A route nobody reads of would be served and never documented: it does not start.
  if (audiences.size !== 1 || audience === undefined) {
    throw new Error(`${name}: its tags must name one document's (${[...AUDIENCE_OF.keys()].join(', ')})`);
  }
  return audience;
}

const picked = <T>(all: Record<string, T> | undefined, names: Set<string>) =>
  Object.fromEntries(Object.entries(all ?? {}).filter(([name]) => names.has(name)));

/**
 * The part of the service's whole document that `audience` reads: the operations its tags give
 * it, and only the security schemes and tags those name. A bank's client generator then makes
 * the bank's types and no admin ones.
 */
export function documentFor(generated: object, audience: Audience): OpenApiDocument {
  const whole = generated as OpenApiDocument;
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, methods] of Object.entries(whole.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      if (audienceOf(`${method.toUpperCase()} ${path}`, operation) !== audience) continue;
      paths[path] = { ...paths[path], [method]: operation };
    }
  }
  const operations = Object.values(paths).flatMap((methods) => Object.values(methods));
  const schemes = new Set(operations.flatMap(({ security = [] }) => security.flatMap(Object.keys)));
  const tags = new Set(operations.flatMap((operation) => operation.tags ?? []));
  return {
    ...whole,
    info: { ...whole.info, ...INFO[audience] },
    paths,
    components: { ...whole.components, securitySchemes: picked(whole.components?.securitySchemes, schemes) },
    tags: (whole.tags ?? []).filter(({ name }) => tags.has(name)),
  };
}
