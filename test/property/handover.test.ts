import { describe, it } from 'node:test';
import fc from 'fast-check';
import { anyBody, contentType, HTTP_METHODS, headerText, segment } from '../support/arbitraries.js';
import { databaseKinds } from '../support/databases.js';
import { check, usePropertyApp } from '../support/property.js';

// Never a 5xx, never a crash, never a change to stored data from a refused request: random and
// hostile requests against the hand-over links, /handover/<token>.

for (const kind of databaseKinds()) {
  describe(`hand-over links under random and hostile input: never a 5xx, never a change from a refusal (${kind})`, () => {
    const { probe, app } = usePropertyApp(kind);

    it('hand-over links: random tokens, methods, bodies and Accept headers', async () => {
      const { guard, liveToken, issueLink } = app();
      const request = fc
        .record({
          method: fc.constantFrom(...HTTP_METHODS),
          link: fc.oneof(fc.constant('live'), segment, fc.constant(''), fc.constant('live/extra')),
          query: fc.constantFrom('', '?', '?a=1', '?token=%zz'),
          accept: fc.option(
            fc.oneof(fc.constantFrom('application/json', 'text/html', 'APPLICATION/JSON;q=0', '*/*'), headerText()),
            { nil: undefined },
          ),
          contentType,
          body: fc.option(
            fc.oneof(
              anyBody,
              fc.nat(3000).map((n) => 'x'.repeat(n)),
            ),
            { nil: undefined },
          ),
        })
        .map(({ method, link, query, accept, contentType, body }) =>
          probe(
            method,
            `/handover/${link.replace('live', liveToken())}${query}`,
            { accept, 'content-type': contentType },
            body,
          ),
        );
      await check('hand-over links', request, 200, async (p) => {
        const response = await guard.inject(p);
        if (p.url.includes(liveToken()) && p.method === 'POST' && response.statusCode === 200) await issueLink();
      });
    });
  });
}
