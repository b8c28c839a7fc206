import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { anyBody, authorization, contentType, HTTP_METHODS, segment } from '../support/arbitraries.js';
import { databaseKinds } from '../support/databases.js';
import { check, type Guard, SecretNames, startPropertyApp } from '../support/property.js';
import { queryString } from '../support/query-arbitraries.js';
import type { TestApp } from '../support/test-app.js';

// Never a 5xx, never a crash, never a change to stored data from a refused request: random and
// hostile requests against the operations routes (/healthz, /readyz, the OpenAPI documents, /metrics,
// the OAuth metadata) and paths that name no route.

for (const kind of databaseKinds()) {
  describe(`operations routes and unknown paths under random and hostile input: never a 5xx, never a change from a refusal (${kind})`, () => {
    const names = new SecretNames();
    const { probe } = names;
    let t: TestApp;
    let guard: Guard;
    let bearer: string;
    let forged: string[];
    let installId: string;

    before(async () => {
      ({ t, guard, bearer, forged, installId } = await startPropertyApp(kind, names));
    });
    after(() => t.close());

    it('operations routes and unknown paths: random methods, queries, headers and bodies', async () => {
      const request = fc
        .record({
          method: fc.constantFrom(...HTTP_METHODS),
          path: fc.oneof(
            fc.constantFrom(
              '/healthz',
              '/readyz',
              '/openapi.json',
              '/admin/v1/openapi.json',
              '/.well-known/oauth-authorization-server',
              '/metrics',
              '/',
              '//healthz',
              '/healthz/',
              '/HEALTHZ',
              '/openapi.json%00',
              '/oauth/v1',
              '/bank',
              '/admin',
            ),
            fc.webPath(),
            fc.array(segment, { minLength: 1, maxLength: 5 }).map((segments) => `/${segments.join('/')}`),
          ),
          query: fc.oneof(fc.constant(''), queryString(installId)),
          contentType,
          authorization: fc.oneof(fc.constant(undefined), authorization(bearer, forged)),
          body: fc.option(anyBody, { nil: undefined, freq: 3 }),
        })
        .map(({ method, path, query, contentType, authorization, body }) =>
          probe(
            method,
            `${path.startsWith('/') ? '' : '/'}${path}${query}`,
            { authorization, 'content-type': contentType },
            body,
          ),
        );
      await check('operations routes and unknown paths', request, 150, async (p) => {
        await guard.inject(p);
      });
    });
  });
}
