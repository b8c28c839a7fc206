import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { sizedBody } from '../support/arbitraries.js';
import { databaseKinds } from '../support/databases.js';
import { check, LIMITS, usePropertyApp } from '../support/property.js';
import { ADMIN_TOKEN } from '../support/test-app.js';

// Never a 5xx, never a crash, never a change to stored data from a refused request: random and
// hostile requests as large as each route's body limit allows, and just over it.

for (const kind of databaseKinds()) {
  describe(`bodies at the size limits under random input: never a 5xx, never a change from a refusal (${kind})`, () => {
    const { probe, describeProbe, app } = usePropertyApp(kind);

    it("bodies just under, at and over each route's body limit: 413 exactly when over, and nothing changes", async () => {
      const { guard, bearer, liveToken, issueLink } = app();
      const routes = [
        {
          url: '/oauth/v1/token',
          limit: LIMITS.token,
          shape: 'form',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        {
          url: '/bank/v1/validate',
          limit: LIMITS.validate,
          shape: 'json',
          headers: { authorization: bearer, 'content-type': 'application/json' },
        },
        {
          url: '/bank/v1/payments',
          limit: LIMITS.payments,
          shape: 'json',
          headers: { authorization: bearer, 'content-type': 'application/json' },
        },
        {
          url: '/admin/v1/clients',
          limit: LIMITS.admin,
          shape: 'json',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        },
        {
          url: '/handover/unknown-link',
          limit: LIMITS.handover,
          shape: 'form',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        },
        { url: 'live-link', limit: LIMITS.handover, shape: 'form', headers: { 'content-type': 'text/plain' } },
      ] as const;
      const request = fc
        .record({
          route: fc.constantFrom(...routes),
          delta: fc.oneof(fc.integer({ min: -8, max: 8 }), fc.integer({ min: 9, max: 3 * LIMITS.token })),
          pad: fc.constantFrom('x', 'é', '€', '😀', ' ', '\\"'),
        })
        .map(({ route, delta, pad }) => {
          const url = route.url === 'live-link' ? `/handover/${liveToken()}` : route.url;
          return {
            limit: route.limit,
            request: probe('POST', url, route.headers, sizedBody(route.shape, route.limit + delta, pad)),
          };
        });
      await check('body limits', request, 80, async ({ limit, request: p }) => {
        const response = await guard.inject(p);
        const bytes = Buffer.byteLength(p.payload!);
        if (bytes > limit)
          assert.equal(
            response.statusCode,
            413,
            `${describeProbe(p)}: ${bytes} bytes is over ${limit} but answered ${response.statusCode}`,
          );
        else
          assert.notEqual(
            response.statusCode,
            413,
            `${describeProbe(p)}: ${bytes} bytes is within ${limit} but answered 413`,
          );
        // A live link that answered is used up; aim the next run at a fresh one.
        if (response.statusCode === 200 && p.url.startsWith('/handover/')) await issueLink();
      });
    });

    // The import is streamed, so the JSON body cap of the other routes does not apply to it
    // (test/security/json-import-streaming.test.ts); a single value is bounded instead.
    it('a JSON member import refuses a value over 64 KiB with 400, naming it', async () => {
      const { guard } = app();
      const headers = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
      const name = (length: number) => 'x'.repeat(length);
      const body = (length: number) =>
        `[{"customerRef":"9100001","fullName":"Row One","status":"active"},{"customerRef":"9100002","fullName":"${name(length)}","status":"active"}]`;
      const refused = await guard.inject(probe('POST', '/admin/v1/members/import?dryRun=true', headers, body(65537)));
      assert.equal(refused.statusCode, 400, refused.body);
      assert.match(refused.body, /longer than 64 KiB/);
    });
  });
}
