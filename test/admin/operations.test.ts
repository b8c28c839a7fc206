import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { databaseKinds } from '../support/databases.js';
import { ADMIN_TOKEN, json, useTestApp } from '../support/test-app.js';

// The health routes and the banks' OpenAPI document, served without a token; the admin API's
// document, to operators.

/** What a bank uses: the three calls, the hand-over, and where to find the token endpoint. */
const BANK_PATHS = [
  '/.well-known/oauth-authorization-server',
  '/bank/v1/payments',
  '/bank/v1/validate',
  '/handover/{token}',
  '/oauth/v1/token',
];

for (const kind of databaseKinds()) {
  describe(`admin API (${kind})`, () => {
    const t = useTestApp(kind);

    describe('operations and documentation', () => {
      it('answers 200 to GET /healthz and GET /readyz without a token', async () => {
        const health = await t.app.inject({ method: 'GET', url: '/healthz' });
        assert.equal(health.statusCode, 200, health.body);
        const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
        assert.equal(ready.statusCode, 200, ready.body);
      });

      it("serves an OpenAPI 3.1 document of the bank API alone at /openapi.json: a bank's generator makes no admin types", async () => {
        const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
        assert.equal(response.statusCode, 200, response.body);
        const doc = json(response);
        assert.match(doc.openapi, /^3\.1\.\d+$/);
        assert.deepEqual(Object.keys(doc.paths).sort(), BANK_PATHS);
        assert.deepEqual(Object.keys(doc.components.securitySchemes).sort(), ['bankOAuth', 'basicAuth']);
        assert.doesNotMatch(response.body, /\/admin\/v1\/[a-z]/, 'no admin path is named');
      });

      it("serves the admin API's document at /admin/v1/openapi.json to an operator, and none of the bank's calls", async () => {
        const response = await t.app.inject({
          method: 'GET',
          url: '/admin/v1/openapi.json',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        });
        assert.equal(response.statusCode, 200, response.body);
        assert.equal(response.headers['cache-control'], 'private, no-cache');
        const doc = json(response);
        assert.match(doc.openapi, /^3\.1\.\d+$/);
        for (const path of ['/admin/v1/clients', '/admin/v1/openapi.json', '/invite/{token}', '/metrics']) {
          assert.ok(doc.paths[path], `${path} is not documented`);
        }
        for (const path of BANK_PATHS) assert.equal(doc.paths[path], undefined, `${path} is in the admin document`);
        const refused = await t.app.inject({ method: 'GET', url: '/admin/v1/openapi.json' });
        assert.equal(refused.statusCode, 401, refused.body);
      });

      it('documents the 401 and 404 answers of the bank routes, and describes the result codes', async () => {
        const doc = json(await t.app.inject({ method: 'GET', url: '/openapi.json' }));
        for (const path of ['/bank/v1/validate', '/bank/v1/payments']) {
          const responses = doc.paths[path]?.post?.responses ?? {};
          assert.ok(responses['401'], `${path} does not document 401`);
          assert.ok(responses['404'], `${path} does not document 404`);
        }
        const text = JSON.stringify(doc);
        assert.match(text, /resultCode/);
        const meanings: [number, RegExp][] = [
          [0, /\b0\b[^,;]{0,40}(found|accepted)/i],
          [1, /\b1\b[^,;]{0,40}not found/i],
          [2, /\b2\b[^,;]{0,40}not validated/i],
          [3, /\b3\b[^,;]{0,40}duplicate/i],
          [4, /\b4\b[^,;]{0,40}invalid/i],
        ];
        for (const [code, meaning] of meanings) assert.match(text, meaning, `result code ${code} is not described`);
      });
    });
  });
}
