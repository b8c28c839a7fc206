import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databaseKinds } from '../support/databases.js';
import { addOperator, apiToken, signIn } from '../support/operators.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

type Role = 'viewer' | 'finance' | 'admin';

/**
 * The least role each admin route needs: the same table as docs/ADMIN-API.md's. A route the service has
 * and this table lacks fails the test, so none can go without a decision.
 */
const NEEDS: Record<string, Role> = {
  'GET /admin/v1/session': 'viewer',
  'DELETE /admin/v1/session': 'viewer',
  'GET /admin/v1/clients': 'viewer',
  'GET /admin/v1/clients/{clientId}': 'viewer',
  'POST /admin/v1/clients': 'admin',
  'PATCH /admin/v1/clients/{clientId}': 'admin',
  'PUT /admin/v1/clients/{clientId}/allowed-ips': 'admin',
  'POST /admin/v1/clients/{clientId}/secrets': 'admin',
  'DELETE /admin/v1/clients/{clientId}/secrets/{secretId}': 'admin',
  'GET /admin/v1/members': 'viewer',
  'GET /admin/v1/members/totals': 'viewer',
  'GET /admin/v1/members/{customerRef}': 'viewer',
  'PUT /admin/v1/members/{customerRef}': 'admin',
  'POST /admin/v1/members/import': 'admin',
  'GET /admin/v1/payments': 'viewer',
  'GET /admin/v1/payments/totals': 'viewer',
  'GET /admin/v1/payments/{receiptOrId}': 'viewer',
  'POST /admin/v1/payments/{paymentId}/allocate': 'finance',
  'POST /admin/v1/payments/{paymentId}/return': 'finance',
  'GET /admin/v1/payments/export': 'finance',
  'GET /admin/v1/export-feeds': 'finance',
  'POST /admin/v1/export-feeds': 'finance',
  'GET /admin/v1/export-feeds/{name}/batches': 'finance',
  'PUT /admin/v1/export-feeds/{name}': 'finance',
  'POST /admin/v1/reconciliations': 'finance',
  'GET /admin/v1/reconciliations': 'viewer',
  'GET /admin/v1/reconciliations/{reconciliationId}': 'viewer',
  'GET /admin/v1/reconciliations/totals': 'viewer',
  'GET /admin/v1/reconciliations/{reconciliationId}/totals': 'viewer',
  'POST /admin/v1/reconciliations/{reconciliationId}/lines/{line}/record': 'finance',
  'PUT /admin/v1/reconciliations/{reconciliationId}/items/{itemKey}/dealt-with': 'finance',
  'DELETE /admin/v1/reconciliations/{reconciliationId}/items/{itemKey}/dealt-with': 'finance',
  'GET /admin/v1/clients/{clientId}/statement-mapping': 'viewer',
  'GET /admin/v1/clients/{clientId}/test-payments': 'viewer',
  'POST /admin/v1/clients/{clientId}/test-payment': 'admin',
  'PUT /admin/v1/clients/{clientId}/statement-mapping': 'finance',
  'GET /admin/v1/reports/daily': 'viewer',
  'POST /admin/v1/webhooks': 'admin',
  'GET /admin/v1/webhooks': 'viewer',
  'GET /admin/v1/webhooks/{webhookId}': 'viewer',
  'PATCH /admin/v1/webhooks/{webhookId}': 'admin',
  'DELETE /admin/v1/webhooks/{webhookId}': 'admin',
  'POST /admin/v1/webhooks/{webhookId}/rotate-secret': 'admin',
  'GET /admin/v1/webhooks/{webhookId}/messages': 'viewer',
  'GET /admin/v1/webhooks/{webhookId}/messages/totals': 'viewer',
  'GET /admin/v1/webhooks/{webhookId}/messages/{messageId}/attempts': 'viewer',
  'POST /admin/v1/webhooks/{webhookId}/messages/{messageId}/replay': 'finance',
  'POST /admin/v1/webhooks/{webhookId}/replay': 'finance',
  'POST /admin/v1/webhooks/{webhookId}/test': 'admin',
  'GET /admin/v1/audit': 'viewer',
  'GET /admin/v1/audit/totals': 'viewer',
  'POST /admin/v1/backup': 'admin',
  'GET /admin/v1/operators': 'viewer',
  'POST /admin/v1/operators': 'admin',
  'GET /admin/v1/operators/{operatorId}': 'viewer',
  'PATCH /admin/v1/operators/{operatorId}': 'admin',
  'POST /admin/v1/operators/{operatorId}/invite': 'admin',
  'GET /admin/v1/operators/{operatorId}/tokens': 'admin',
  'DELETE /admin/v1/operators/{operatorId}/tokens/{tokenId}': 'admin',
  'DELETE /admin/v1/operators/{operatorId}/2fa': 'admin',
  'PUT /admin/v1/operators/me/password': 'viewer',
  'POST /admin/v1/operators/me/2fa': 'viewer',
  'POST /admin/v1/operators/me/2fa/confirm': 'viewer',
  'DELETE /admin/v1/operators/me/2fa': 'viewer',
  'POST /admin/v1/operators/me/recovery-codes': 'viewer',
  'GET /admin/v1/operators/me/tokens': 'viewer',
  'POST /admin/v1/operators/me/tokens': 'viewer',
  'DELETE /admin/v1/operators/me/tokens/{tokenId}': 'viewer',
  'GET /admin/v1/operators/me/notifications': 'viewer',
  'PUT /admin/v1/operators/me/notifications': 'viewer',
  'GET /admin/v1/alerts': 'viewer',
  'GET /admin/v1/alerts/settings': 'viewer',
  'PUT /admin/v1/alerts/settings': 'admin',
  'PUT /admin/v1/alerts/settings/banks/{clientId}': 'admin',
  'GET /admin/v1/openapi.json': 'viewer',
};

/** The admin routes that need no credential at all: the first admin, signing in, and asking for a reset link. */
const PUBLIC = ['POST /admin/v1/init', 'POST /admin/v1/session', 'POST /admin/v1/session/password-reset'];
const RANK: Record<Role, number> = { viewer: 0, finance: 1, admin: 2 };

for (const kind of databaseKinds()) {
  describe(`the role matrix over every admin route (${kind})`, () => {
    let t: TestApp;
    let routes: string[];
    const tokens: Partial<Record<Role | 'owner', string>> = { owner: ADMIN_TOKEN };
    before(async () => {
      t = await startTestApp(kind);
      const document = json(
        await t.app.inject({
          method: 'GET',
          url: '/admin/v1/openapi.json',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        }),
      );
      routes = Object.entries(document.paths as Record<string, Record<string, unknown>>)
        .filter(([path]) => path.startsWith('/admin/v1/'))
        .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
      for (const role of ['viewer', 'finance', 'admin'] as const) {
        const operator = await addOperator(t.app, role);
        tokens[role] = (await apiToken(t.app, await signIn(t.app, operator.email, operator.password))).token;
      }
    });
    after(() => t.close());

    it('has a decision for every admin route the service serves', () => {
      const undecided = routes.filter((route) => !(route in NEEDS) && !PUBLIC.includes(route));
      assert.deepEqual(undecided, []);
      const gone = Object.keys(NEEDS).filter((route) => !routes.includes(route));
      assert.deepEqual(gone, [], 'every route of the table exists');
    });

    it("answers 403 forbidden to every role below a route's, and lets the others through", async () => {
      for (const route of Object.keys(NEEDS)) {
        const [method = 'GET', path = ''] = route.split(' ');
        const url = path.replace(/\{[^}]+\}/g, 'AAAAAAAAAAAAAAAA');
        const needed = NEEDS[route] ?? 'admin';
        for (const who of ['viewer', 'finance', 'admin', 'owner'] as const) {
          const response = await t.app.inject({
            method: method as 'GET',
            url,
            headers: { authorization: `Bearer ${tokens[who]}` },
            ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
          });
          if (who === 'owner' && url.includes('/operators/me/')) {
            // The owner token has every role but no account of its own.
            assert.ok([400, 403].includes(response.statusCode), `owner ${route}: ${response.statusCode}`);
            continue;
          }
          const allowed = who === 'owner' || RANK[who] >= RANK[needed];
          if (allowed) {
            assert.ok(
              ![401, 403].includes(response.statusCode),
              `${who} ${route}: ${response.statusCode} ${response.body}`,
            );
          } else {
            assert.equal(response.statusCode, 403, `${who} ${route}: ${response.body}`);
            assert.equal(json(response).error, 'forbidden');
          }
        }
      }
    });
  });
}
