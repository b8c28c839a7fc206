import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { crlf, rawExchange } from '../support/raw-http.js';
import { ADMIN_TOKEN, startServedApp, type TestApp } from '../support/test-app.js';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

describe('X-Content-Type-Options: nosniff on every answer', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    ({ t, port } = await startServedApp());
  });
  after(() => t.close());

  it('on answers, refusals and errors of every kind of route', async () => {
    const requests = [
      { method: 'GET', url: '/healthz' },
      { method: 'GET', url: '/readyz' },
      { method: 'GET', url: '/openapi.json' },
      { method: 'GET', url: '/metrics', headers: admin },
      { method: 'GET', url: '/no/such/route' },
      { method: 'DELETE', url: '/healthz' },
      { method: 'POST', url: '/bank/v1/validate', payload: {} },
      { method: 'POST', url: '/oauth/v1/token', payload: 'grant_type=client_credentials' },
      { method: 'POST', url: '/oauth/v1/token', payload: 'x'.repeat(100_000) },
      { method: 'GET', url: '/admin/v1/clients' },
      { method: 'GET', url: '/admin/v1/clients', headers: admin },
      {
        method: 'POST',
        url: '/admin/v1/clients',
        headers: { ...admin, 'content-type': 'application/json' },
        payload: '{',
      },
      { method: 'GET', url: '/admin/v1/payments/99999999999999999999', headers: admin },
      { method: 'GET', url: '/console' },
      { method: 'GET', url: '/console/assets/missing.js' },
      { method: 'GET', url: '/handover/not-a-link' },
      { method: 'GET', url: '/invite/not-a-link' },
    ] as const;
    const missing: string[] = [];
    for (const request of requests) {
      const response = await t.app.inject(request);
      if (response.headers['x-content-type-options'] !== 'nosniff') {
        missing.push(`${request.method} ${request.url}: ${response.statusCode}`);
      }
    }
    assert.deepEqual(missing, []);
  });

  it('on what is refused before routing: a URL that cannot be decoded, a request that is not HTTP', async () => {
    const badUrl = await rawExchange(port, [crlf(['GET /%zz HTTP/1.1', 'Host: bis', 'Connection: close'])]);
    assert.deepEqual(badUrl.statuses, [400]);
    assert.match(badUrl.text, /\r\nx-content-type-options: nosniff\r\n/i);
    assert.match(badUrl.text, /"error":"invalid_input"/);
    const notHttp = await rawExchange(port, ['NOT HTTP AT ALL\r\n\r\n']);
    assert.deepEqual(notHttp.statuses, [400]);
    assert.match(notHttp.text, /\r\nx-content-type-options: nosniff\r\n/i);
  });
});
