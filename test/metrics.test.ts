import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bankCall, bankWithToken, paymentBody, putMember, requestToken } from './support/bank.js';
import { databaseKinds } from './support/databases.js';
import { sample } from './support/metrics.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from './support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`GET /metrics (${kind})`, () => {
    let t: TestApp;
    let text: string;
    before(async () => {
      t = await startTestApp(kind, { config: { tokenRateLimit: 3 } });
      const bank = await bankWithToken(t.app); // one token issued
      await putMember(t.app, '7100001', 'Metric Member');
      await putMember(t.app, '7100002', 'Closed Member', 'closed');
      await requestToken(t.app, bank.clientId, 'wrong-secret');
      await requestToken(t.app, bank.clientId, 'wrong-secret');
      await requestToken(t.app, bank.clientId, 'wrong-secret'); // the fourth request in the window
      await bankCall(t.app, bank.token, 'validate', { customerRef: '7100001' });
      await bankCall(t.app, bank.token, 'validate', { customerRef: '7100002' });
      await bankCall(t.app, bank.token, 'validate', { customerRef: 'not-a-number' });
      await bankCall(t.app, bank.token, 'validate', { memberNumber: '7100001' });
      await bankCall(t.app, bank.token, 'payments', paymentBody('7100001', { transactionReference: 'M-1' }));
      await bankCall(t.app, bank.token, 'payments', paymentBody('7100002', { transactionReference: 'M-2' }));
      await putMember(t.app, '7100003', 'Never Validated');
      await bankCall(t.app, bank.token, 'payments', paymentBody('7100003', { transactionReference: 'M-3' }));
      await bankCall(
        t.app,
        bank.token,
        'payments',
        paymentBody('7100001', { transactionReference: 'M-1', amount: '99.00' }),
      );
      await t.app.inject({ method: 'POST', url: '/bank/v1/validate', payload: {} }); // no token
      const response = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      assert.equal(response.statusCode, 200);
      assert.match(String(response.headers['content-type']), /^text\/plain; version=0\.0\.4/);
      text = response.body;
    });
    after(() => t.close());

    it('counts requests by route template and status, with latency histograms', () => {
      assert.equal(
        sample(text, 'bis_http_requests_total', { method: 'POST', route: '/bank/v1/validate', status: '200' }),
        1,
      );
      assert.equal(
        sample(text, 'bis_http_requests_total', { method: 'POST', route: '/bank/v1/validate', status: '401' }),
        1,
      );
      assert.equal(
        sample(text, 'bis_http_requests_total', {
          method: 'PUT',
          route: '/admin/v1/members/:customerRef',
          status: '201',
        }),
        3,
      );
      assert.equal(
        sample(text, 'bis_http_request_duration_seconds_count', { method: 'POST', route: '/bank/v1/payments' }),
        4,
      );
      assert.ok(
        sample(text, 'bis_http_request_duration_seconds_bucket', {
          method: 'POST',
          route: '/bank/v1/payments',
          le: '+Inf',
        }) === 4,
      );
    });

    it('counts tokens issued, refused and rate-limited', () => {
      assert.equal(sample(text, 'bis_tokens_total', { outcome: 'issued' }), 1);
      assert.equal(sample(text, 'bis_tokens_total', { outcome: 'refused', reason: 'invalid_client' }), 2);
      assert.equal(sample(text, 'bis_tokens_total', { outcome: 'rate_limited' }), 1);
    });

    it('counts validation outcomes', () => {
      assert.equal(sample(text, 'bis_validations_total', { outcome: 'found' }), 1);
      assert.equal(
        sample(text, 'bis_validations_total', { outcome: 'not_found' }),
        2,
        'a closed member and a reference that is not a Member Number',
      );
      assert.equal(sample(text, 'bis_validations_total', { outcome: 'invalid_input' }), 1);
    });

    it('counts payments accepted and held by reason', () => {
      assert.equal(sample(text, 'bis_payments_total', { outcome: 'accepted' }), 1);
      assert.equal(sample(text, 'bis_payments_total', { outcome: 'held', reason: 'customer_not_payable' }), 1);
      assert.equal(sample(text, 'bis_payments_total', { outcome: 'held', reason: 'not_validated' }), 1);
      assert.equal(sample(text, 'bis_payments_total', { outcome: 'duplicate_mismatch' }), 1);
    });

    it('reports the database pool and errors', () => {
      assert.match(text, /^bis_db_errors_total\{kind="unavailable"\} 0$/m);
      if (kind === 'postgres') {
        assert.equal(sample(text, 'bis_db_pool_connections', { state: 'max' }), 10);
        assert.ok(sample(text, 'bis_db_pool_connections', { state: 'total' }) >= 1);
      } else {
        assert.equal(sample(text, 'bis_db_pool_connections', { state: 'max' }), 0, 'the embedded database has no pool');
      }
      assert.ok(sample(text, 'bis_process_resident_memory_bytes') > 0);
    });
  });
}
