import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';
import { bankCall, bankWithToken, createBank, requestToken } from '../support/bank.js';
import { MINUTE } from '../support/clock.js';
import { addOperator, signIn } from '../support/operators.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../support/test-app.js';

// /openapi.json (280 KB) and /metrics (150 KB) were made anew for anyone on every request: 60
// connections on the first took the bank's validate to 1.7 s, and the second listed every bank's
// client ID to whoever asked.

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('the OpenAPI documents are made once and served as the same bytes', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp('pglite');
  });
  after(() => t.close());

  for (const { url, headers, path } of [
    { url: '/openapi.json', headers: {}, path: '/bank/v1/validate' },
    { url: '/admin/v1/openapi.json', headers: bearer(ADMIN_TOKEN), path: '/admin/v1/clients' },
  ]) {
    it(`${url} is not made again for a request, and a conditional GET gets 304`, async () => {
      const original = t.app.swagger;
      let made = 0;
      t.app.swagger = ((...args: Parameters<typeof original>) => {
        made++;
        return original.apply(t.app, args);
      }) as typeof original;
      try {
        const first = await t.app.inject({ method: 'GET', url, headers });
        const second = await t.app.inject({ method: 'GET', url, headers });
        assert.equal(made, 0, 'made when the service became ready, not per request');
        assert.equal(first.statusCode, 200);
        assert.ok(first.rawPayload.equals(second.rawPayload));
        assert.match(String(first.headers['content-type']), /^application\/json/);
        assert.ok(JSON.parse(first.body).paths[path]);
        const etag = String(first.headers.etag);
        const again = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } });
        assert.equal(again.statusCode, 304);
        assert.equal(again.body, '');
      } finally {
        t.app.swagger = original;
      }
    });
  }
});

describe('GET /metrics opens only to the metrics token or an admin credential', () => {
  let t: TestApp;
  let noToken: TestApp;
  before(async () => {
    t = await startTestApp('pglite', { config: { metricsToken: METRICS_TOKEN } });
    noToken = await startTestApp('pglite');
  });
  after(async () => {
    await t.close();
    await noToken.close();
  });

  const metrics = (app: TestApp, headers: Record<string, string> = {}) =>
    app.app.inject({ method: 'GET', url: '/metrics', headers });

  it('with BIS_METRICS_TOKEN: the token or an admin, and nobody else', async () => {
    assert.equal((await metrics(t)).statusCode, 401);
    assert.equal((await metrics(t, bearer('not-the-metrics-token-0123'))).statusCode, 401);
    const scraped = await metrics(t, bearer(METRICS_TOKEN));
    assert.equal(scraped.statusCode, 200);
    assert.match(scraped.body, /^bis_http_requests_total\{/m);
    assert.equal((await metrics(t, bearer(ADMIN_TOKEN))).statusCode, 200);
    const viewer = await addOperator(t.app, 'viewer');
    const session = await signIn(t.app, viewer.email, viewer.password);
    assert.equal((await metrics(t, { cookie: session.cookie })).statusCode, 403, 'a viewer is not an admin');
  });

  it('with neither BIS_METRICS_TOKEN nor BIS_METRICS_ADDRESS: an admin credential only', async () => {
    assert.equal((await metrics(noToken)).statusCode, 401);
    assert.equal((await metrics(noToken, bearer(METRICS_TOKEN))).statusCode, 401);
    assert.equal((await metrics(noToken, bearer(ADMIN_TOKEN))).statusCode, 200);
  });
});

describe('bank client IDs are not metric labels unless BIS_METRICS_CLIENT_LABELS=true', () => {
  for (const clientLabels of [false, true]) {
    it(`${clientLabels ? 'with' : 'without'} the setting`, async () => {
      const t = await startTestApp('pglite', { config: { metricsClientLabels: clientLabels } });
      try {
        const bank = await bankWithToken(t.app, 'Labelled Bank');
        assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '7399991' })).statusCode, 404);
        const text = (await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(ADMIN_TOKEN) })).body;
        assert.equal(text.includes(bank.clientId), clientLabels);
        assert.match(
          text,
          new RegExp(`^bis_validations_not_found_total\\{client="${clientLabels ? bank.clientId : ''}"\\} 1$`, 'm'),
        );
      } finally {
        await t.close();
      }
    });
  }
});

describe('requests without a credential are limited per address: 429 with Retry-After', () => {
  let t: TestApp;
  const LIMIT = 6;
  before(async () => {
    t = await startTestApp('pglite', { config: { publicRateLimit: LIMIT, metricsToken: METRICS_TOKEN } });
  });
  after(() => t.close());

  const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers });

  it('counts the public pages, 404s, the console and link pages, the OAuth metadata, and /metrics without its token', async () => {
    const from = '203.0.113.20';
    const pages = [
      '/openapi.json',
      '/no/such/page',
      '/console',
      '/handover/unknown-link',
      '/metrics',
      '/.well-known/oauth-authorization-server',
    ];
    const statuses = [];
    for (const url of pages) statuses.push((await get(url, from)).statusCode);
    assert.deepEqual(statuses, [200, 404, statuses[2], 404, 401, 200]);
    for (const url of [...pages, '/invite/unknown-link', '/console/assets/app.js']) {
      const refused = await get(url, from);
      assert.equal(refused.statusCode, 429, url);
      const retryAfter = Number(refused.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
    }
    assert.equal((await get('/openapi.json', '203.0.113.21')).statusCode, 200, 'another address has its own allowance');
    assert.equal((await get('/metrics', from, bearer(METRICS_TOKEN))).statusCode, 200, 'the scraper with its token');
    t.clock.advance(MINUTE);
    assert.equal((await get('/openapi.json', from)).statusCode, 200, 'the allowance refills');
  });

  it("never counts the bank's authenticated calls nor the token endpoint", async () => {
    const bank = await bankWithToken(t.app, 'Busy Bank');
    const { clientId, clientSecret } = await createBank(t.app, 'Another Bank');
    const from = '203.0.113.30';
    for (let i = 0; i < LIMIT; i++) await get('/no/such/page', from);
    assert.equal((await get('/openapi.json', from)).statusCode, 429);
    for (let i = 0; i < LIMIT * 2; i++) {
      const validated = await t.app.inject({
        method: 'POST',
        url: '/bank/v1/validate',
        remoteAddress: from,
        headers: { ...bearer(bank.token), 'content-type': 'application/json' },
        payload: { customerRef: '7399991' },
      });
      assert.equal(validated.statusCode, 404, 'answered, not limited');
    }
    const token = await requestToken(t.app, clientId, clientSecret);
    assert.equal(token.statusCode, 200);
  });
});

describe('BIS_METRICS_ADDRESS serves /metrics on a listener of its own, without a token, and not on the main port', () => {
  let t: TestApp;
  let url: string;
  before(async () => {
    const { metricsAddress } = loadConfig({ BIS_METRICS_ADDRESS: '127.0.0.1:0' });
    assert.deepEqual(metricsAddress, { host: '127.0.0.1', port: 0 });
    t = await startTestApp('pglite', { captureLogs: true, config: { metricsAddress } });
    const line = t.logs.find((text) => text.includes('metrics listening at'));
    url = /(http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(line ?? '')?.[1] ?? '';
    assert.ok(url, 'the start says where');
  });
  after(() => t.close());

  it('answers the scraper there and 404 on the main port', async () => {
    const scraped = await fetch(url);
    assert.equal(scraped.status, 200);
    assert.match(await scraped.text(), /^# TYPE bis_http_requests_total counter$/m);
    assert.equal((await fetch(url.replace('/metrics', '/healthz'))).status, 404, 'that address serves /metrics only');
    const main = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(ADMIN_TOKEN) });
    assert.equal(main.statusCode, 404);
  });

  it('refuses an address that is not host:port, and a short metrics token, at start', () => {
    assert.throws(() => loadConfig({ BIS_METRICS_ADDRESS: 'metrics' }), ConfigError);
    assert.throws(() => loadConfig({ BIS_METRICS_TOKEN: 'short' }), ConfigError);
  });
});
