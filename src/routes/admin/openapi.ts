import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { documentFor } from '../../http/openapi-documents.js';
import { NoBody } from '../../http/schemas.js';
import { serveDocument } from '../../http/served-document.js';

/** The admin API's OpenAPI document: for operators, and the console's types are generated from it. */
export const adminDocumentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  serveDocument(app, {
    url: '/openapi.json',
    make: () => documentFor(app.swagger(), 'admin'),
    // Each operator's client may keep it and ask again with its ETag; no shared cache may keep it.
    cacheControl: 'private, no-cache',
    route: {
      config: { role: 'viewer' },
      schema: {
        summary: 'This OpenAPI document: the admin API, invite links and metrics',
        response: {
          200: Type.Object(
            { openapi: Type.String() },
            { additionalProperties: true, description: 'An OpenAPI 3.1 document' },
          ),
          304: NoBody('Unchanged since the ETag sent in If-None-Match'),
        },
      },
    },
  });
};
