import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readRanges } from '../../src/addresses.js';
import { HOUR } from '../support/clock.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PROXY = '10.0.0.5';
const trusted = readRanges([PROXY]);
if (!('ranges' in trusted)) throw new Error('test setup');

describe('the log warns when X-Forwarded-For comes from an address that is not a trusted proxy (BIS_TRUSTED_PROXIES is required behind a proxy)', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp('pglite', { captureLogs: true, config: { trustedProxies: trusted.ranges } });
  });
  after(() => t.close());

  const call = (from: string) =>
    t.app.inject({
      method: 'GET',
      url: '/healthz',
      remoteAddress: from,
      headers: { 'x-forwarded-for': '198.51.100.9' },
    });
  const warnings = () =>
    t.logs
      .map((line) => JSON.parse(line) as { level: number; msg: string; from?: string })
      .filter((line) => line.level === 40 && /X-Forwarded-For/.test(line.msg) && /BIS_TRUSTED_PROXIES/.test(line.msg));

  it('warns once, naming the address, and again only an hour later; never for a trusted proxy', async () => {
    await call(PROXY);
    assert.equal(warnings().length, 0, 'a trusted proxy is what the header is for');
    await call('192.0.2.44');
    assert.equal(warnings().length, 1);
    assert.equal(warnings()[0]?.from, '192.0.2.44');
    await call('192.0.2.44');
    await call('192.0.2.45');
    assert.equal(warnings().length, 1, 'at most once an hour, however many requests');
    t.clock.advance(HOUR);
    await call('192.0.2.45');
    assert.equal(warnings().length, 2);
  });
});
