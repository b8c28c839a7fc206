import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { admin, createBank } from '../support/bank.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';

describe('hand-over link tokens never reach the log', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp('pglite', { captureLogs: true })));
  after(() => t.close());

  it('redacts a token reached by the route, by percent-encoding, by another case or by extra slashes', async () => {
    const { clientId } = await createBank(t.app, 'Log Bank');
    const issued = await admin(t.app, 'POST', `/clients/${clientId}/secrets`);
    const token = new URL(json(issued).handoverUrl).pathname.split('/').pop() ?? '';
    assert.ok(token.length >= 40);
    const encoded = await t.app.inject({ method: 'GET', url: `/%68andover/${token}` });
    assert.equal(encoded.statusCode, 200, 'the encoded path reaches the hand-over page');
    for (const url of [
      `/handover/${token}`,
      `/Handover/${token}`,
      `/HANDOVER/${token}/extra`,
      `//handover/${token}`,
      `/%48andover/${encodeURIComponent(token)}?again=1`,
      `/handover/${token}?x=1`,
    ]) {
      await t.app.inject({ method: 'GET', url });
      await t.app.inject({ method: 'PATCH', url });
    }
    const logged = t.logs.join('');
    assert.ok(logged.includes('[redacted]'), 'the requests were logged');
    assert.ok(!logged.includes(token), 'the token appears in no log line');
    assert.ok(!logged.includes(token.slice(0, 20)), 'not even in part');
  });
});
