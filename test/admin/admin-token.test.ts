import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ADMIN_ROUTES, callerFromOwnAddresses, listOf } from '../support/admin.js';
import { admin, bankWithToken } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

// The admin API takes its own bearer token and no other, and none at all when no admin token is
// configured.

for (const kind of databaseKinds()) {
  describe(`admin API (${kind})`, () => {
    let t: TestApp;
    const callAs = callerFromOwnAddresses();
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    describe('its own bearer token', () => {
      it('refuses every admin route with 401 when no token is sent', async () => {
        for (const route of ADMIN_ROUTES) {
          const response = await callAs(t.app, route, undefined);
          assert.equal(response.statusCode, 401, `${route.method} ${route.url}: ${response.body}`);
        }
      });

      it('refuses every admin route with 401 for a wrong token', async () => {
        const wrong = [
          `Bearer ${ADMIN_TOKEN}x`,
          `Bearer ${ADMIN_TOKEN.slice(0, -1)}`,
          'Bearer wrong-token',
          `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}`,
          ADMIN_TOKEN,
        ];
        for (const route of ADMIN_ROUTES) {
          for (const authorization of wrong) {
            const response = await callAs(t.app, route, authorization);
            assert.equal(
              response.statusCode,
              401,
              `${route.method} ${route.url} with ${authorization}: ${response.body}`,
            );
          }
        }
      });

      it('refuses every admin route with 401 for a bank access token', async () => {
        const bank = await bankWithToken(t.app, 'Curious Bank');
        for (const route of ADMIN_ROUTES) {
          const response = await callAs(t.app, route, `Bearer ${bank.token}`);
          assert.equal(response.statusCode, 401, `${route.method} ${route.url}: ${response.body}`);
        }
      });

      it('changes nothing for a refused call', async () => {
        for (const route of ADMIN_ROUTES.filter((r) => r.method !== 'GET')) {
          assert.equal((await callAs(t.app, route, 'Bearer wrong-token')).statusCode, 401);
        }
        const listed = await admin(t.app, 'GET', '/clients');
        assert.equal(listed.statusCode, 200, listed.body);
        assert.ok(
          !listOf(json(listed)).some((client) => client.name === 'Intruder Bank'),
          'a refused POST made a client',
        );
        const member = await admin(t.app, 'GET', '/members/7000001');
        assert.equal(member.statusCode, 404, 'a refused PUT made a member');
      });

      it('accepts the admin token with the scheme in any case', async () => {
        const response = await callAs(t.app, { method: 'GET', url: '/admin/v1/clients' }, `bearer ${ADMIN_TOKEN}`);
        assert.equal(response.statusCode, 200, response.body);
      });
    });
  });

  describe(`admin API without an admin token configured (${kind})`, () => {
    let t: TestApp;
    const callAs = callerFromOwnAddresses();
    before(async () => (t = await startTestApp(kind, { config: { adminToken: undefined } })));
    after(() => t.close());

    it('refuses every admin call with 401, whatever bearer token is sent', async () => {
      const attempts = [undefined, `Bearer ${ADMIN_TOKEN}`, 'Bearer undefined', 'Bearer null', 'Bearer ', 'Bearer x'];
      for (const route of ADMIN_ROUTES) {
        for (const authorization of attempts) {
          const response = await callAs(t.app, route, authorization);
          assert.equal(
            response.statusCode,
            401,
            `${route.method} ${route.url} with ${String(authorization)}: ${response.body}`,
          );
        }
      }
    });

    it('still serves /healthz', async () => {
      assert.equal((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode, 200);
    });
  });
}
