import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bankWithToken } from './support/bank.js';
import { databaseKinds } from './support/databases.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from './support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`methods other than the documented ones (${kind})`, () => {
    let t: TestApp;
    let bankToken: string;
    before(async () => {
      t = await startTestApp(kind);
      bankToken = (await bankWithToken(t.app)).token;
    });
    after(() => t.close());

    const authorization = (url: string) =>
      url.startsWith('/bank/')
        ? `Bearer ${bankToken}`
        : url.startsWith('/admin/')
          ? `Bearer ${ADMIN_TOKEN}`
          : undefined;

    const cases = [
      ['GET', '/oauth/v1/token', 'POST'],
      ['PUT', '/bank/v1/validate', 'POST'],
      ['GET', '/bank/v1/payments', 'POST'],
      ['DELETE', '/admin/v1/clients', 'POST, GET, HEAD'],
      ['POST', '/healthz', 'GET, HEAD'],
      ['PATCH', '/handover/some-link', 'GET, HEAD, POST'],
    ] as const;

    for (const [method, url, allow] of cases) {
      it(`answers ${method} ${url} with 405 and Allow: ${allow}`, async () => {
        const header = authorization(url);
        const response = await t.app.inject({ method, url, headers: header ? { authorization: header } : {} });
        assert.equal(response.statusCode, 405);
        assert.equal(response.headers.allow, allow);
      });
    }

    it('keeps the token endpoint uncached on a 405 too', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/oauth/v1/token' });
      assert.equal(response.headers['cache-control'], 'no-store');
      assert.equal(response.headers.pragma, 'no-cache');
    });

    it('tells a caller without a token nothing about the methods of the bank and admin APIs', async () => {
      const bank = await t.app.inject({ method: 'GET', url: '/bank/v1/validate' });
      assert.equal(bank.statusCode, 401);
      assert.equal(bank.body, '');
      assert.equal(bank.headers.allow, undefined);
      const admin = await t.app.inject({ method: 'PATCH', url: '/admin/v1/clients' });
      assert.equal(admin.statusCode, 401);
      assert.equal(admin.headers.allow, undefined);
    });

    it('answers the bank API with resultCode and message on a 405', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/bank/v1/payments',
        headers: { authorization: `Bearer ${bankToken}` },
      });
      assert.deepEqual(Object.keys(JSON.parse(response.body)).sort(), ['message', 'resultCode']);
    });
  });
}
