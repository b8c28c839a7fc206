import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { databaseKinds } from '../support/databases.js';
import { check, LIMITS, type Probe, usePropertyApp } from '../support/property.js';
import { ADMIN_TOKEN } from '../support/test-app.js';

// Never a 5xx, never a crash, never a change to stored data from a refused request: random and
// hostile requests whose JSON carries __proto__ and constructor keys, or nests as deep as the
// body limit allows, on every JSON route.

for (const kind of databaseKinds()) {
  describe(`polluting and deeply nested JSON on every JSON route: never a 5xx, never a change from a refusal (${kind})`, () => {
    const { probe, describeProbe, app } = usePropertyApp(kind);

    it('refuses __proto__ and constructor keys in every JSON route with 400, and changes nothing', async () => {
      const { guard, bearer } = app();
      const valid = {
        '/bank/v1/validate': '"customerRef":"9000001"',
        '/bank/v1/payments':
          '"transactionReference":"FT-PROTO","paymentType":"MPESA","customerRef":"9000001","amount":"1"',
        '/admin/v1/clients': '"name":"Proto Bank"',
        '/admin/v1/members/9000001': '"fullName":"Proto Member","status":"active"',
        '/admin/v1/members/import': '"customerRef":"9000009","fullName":"Proto Member","status":"active"',
        '/admin/v1/init': '"setupCode":"x"',
      };
      const routes: [Probe['method'], keyof typeof valid, string | undefined][] = [
        ['POST', '/bank/v1/validate', bearer],
        ['POST', '/bank/v1/payments', bearer],
        ['POST', '/admin/v1/clients', `Bearer ${ADMIN_TOKEN}`],
        ['PUT', '/admin/v1/members/9000001', `Bearer ${ADMIN_TOKEN}`],
        ['POST', '/admin/v1/members/import', `Bearer ${ADMIN_TOKEN}`],
        ['POST', '/admin/v1/init', undefined],
      ];
      const request = fc
        .record({
          route: fc.constantFrom(...routes),
          key: fc.constantFrom('__proto__', 'constructor'),
          where: fc.constantFrom('top', 'nested', 'deep'),
          value: fc.constantFrom(
            '{"isAdmin":true}',
            '{"prototype":{"isAdmin":true}}',
            '{"status":"active","customerRef":"9000002"}',
          ),
        })
        .map(({ route: [verb, url, auth], key, where, value }) => {
          const polluted = `${JSON.stringify(key)}:${value}`;
          const inner =
            where === 'top'
              ? `${valid[url]},${polluted}`
              : where === 'nested'
                ? `${valid[url]},"additions":{${polluted}}`
                : `${valid[url]},"x":[[{"y":{${polluted}}}]]`;
          const body = url.endsWith('/import') ? `[{${inner}}]` : `{${inner}}`;
          return probe(verb, url, { authorization: auth, 'content-type': 'application/json' }, body);
        });
      await check('prototype-pollution keys', request, 60, async (p) => {
        const response = await guard.inject(p);
        if (p.url.endsWith('/import')) {
          // The import is streamed and keeps only the three known fields of each row: a poisonous
          // key is one more unknown field, never built into an object.
          assert.ok([200, 400].includes(response.statusCode), `${describeProbe(p)}: ${response.body}`);
          return;
        }
        // Only "constructor" with a "prototype" inside, or __proto__, is poisonous; others are plain data.
        if (p.payload!.includes('__proto__') || /"constructor":\{"prototype"/.test(String(p.payload))) {
          assert.equal(
            response.statusCode,
            400,
            `${describeProbe(p)} answered ${response.statusCode}: ${response.body}`,
          );
        }
      });
    });

    it("deeply nested JSON at the deepest each route's limit allows", async () => {
      const { guard, bearer } = app();
      const routes = [
        ['POST', '/bank/v1/validate', bearer, LIMITS.validate],
        ['POST', '/bank/v1/payments', bearer, LIMITS.payments],
        ['POST', '/admin/v1/clients', `Bearer ${ADMIN_TOKEN}`, LIMITS.admin],
        ['PUT', '/admin/v1/members/9000001', `Bearer ${ADMIN_TOKEN}`, LIMITS.admin],
        ['POST', '/admin/v1/init', undefined, LIMITS.admin],
        // The JSON import takes up to 64 MiB; half a million levels are enough to make the point.
        ['POST', '/admin/v1/members/import', `Bearer ${ADMIN_TOKEN}`, 1024 * 1024],
      ] as const;
      const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
      for (const [verb, url, auth, limit] of routes) {
        const levels = Math.floor((limit - 64) / 2);
        const bodies = [nested(levels), `{"customerRef":${nested(levels - 16)}}`];
        // A deep field inside an import row has a case of its own, below.
        if (!url.endsWith('/import'))
          bodies.push(`[{"customerRef":"9000001","fullName":"Deep","status":${nested(levels - 40)}}]`);
        for (const body of bodies)
          await guard.inject(probe(verb, url, { authorization: auth, 'content-type': 'application/json' }, body));
      }
    });
  });
}
