import type { SwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { TOKEN_PATH } from '../oauth/server-metadata.js';

/** Who reads a document: the banks (GET /openapi.json) or the organisation (GET /admin/v1/openapi.json). */
export type Audience = 'bank' | 'admin';

/** Every tag an operation may carry, and the document its operations go to. */
export const TAGS: { name: string; description: string; audience: Audience }[] = [
  { name: 'bank', description: 'Called by banks', audience: 'bank' },
  { name: 'handover', description: 'One-time credential hand-over pages', audience: 'bank' },
  { name: 'admin', description: "The organisation's admin API", audience: 'admin' },
  {
    name: 'invite',
    description: "One-time links that set an operator's password: an invitation's, a reset's",
    audience: 'admin',
  },
  { name: 'operations', description: 'Metrics, for Prometheus', audience: 'admin' },
];

/**
 * The OpenAPI document of every route, generated from the route schemas, with the deployment's own
 * address; src/http/openapi-documents.ts cuts it into the banks' document and the organisation's.
 */
export function openApiOptions(publicUrl: string, version: string): SwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Bank Integration Service',
        version,
        description: 'Every route of the service: served as the bank API and the admin API, each a document of its own',
      },
      servers: [{ url: publicUrl, description: 'This deployment (BIS_PUBLIC_URL)' }],
      components: {
        securitySchemes: {
          bankOAuth: {
            type: 'oauth2',
            description: 'OAuth 2.0 client credentials: a token lasts 3600 s; reuse it for every call in that hour',
            flows: { clientCredentials: { tokenUrl: `${publicUrl}${TOKEN_PATH}`, scopes: {} } },
          },
          basicAuth: {
            type: 'http',
            scheme: 'basic',
            description: 'client_id:client_secret, each form-urlencoded, in place of the form fields',
          },
          adminAuth: {
            type: 'http',
            scheme: 'bearer',
            description: "An operator's API token (bis login makes one), or the owner token BIS_ADMIN_TOKEN",
          },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'BIS_METRICS_TOKEN, for a Prometheus scraper: opens GET /metrics and nothing else',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'bis_session',
            description:
              'A person signed in with POST /admin/v1/session; a request that changes something also sends X-CSRF-Token',
          },
        },
      },
      tags: TAGS.map(({ name, description }) => ({ name, description })),
    },
  };
}

/** camelCase of the method and the path's fixed segments: GET /admin/v1/clients/:clientId is getAdminClientsByClientId. */
function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment && !/^v\d+$/.test(segment))
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment));
  return [method.toLowerCase(), ...words.join('-').split(/[-_]/)]
    .map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');
}

/**
 * For an onRoute hook of the root: every documented route gets an operationId, and a route whose
 * responses are not all described does not start, so the document never shows "Default Response".
 */
export function documentRoute(route: RouteOptions): void {
  const schema = route.schema;
  if (!schema || schema.hide) return;
  const [method] = [route.method].flat();
  if (!schema.operationId && method) route.schema = { ...schema, operationId: operationIdOf(method, route.url) };
  for (const [status, response] of Object.entries(
    (schema.response ?? {}) as Record<string, { description?: string }>,
  )) {
    if (!response.description) throw new Error(`${method} ${route.url}: response ${status} has no description`);
  }
}
