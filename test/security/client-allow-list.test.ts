import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readRanges } from '../../src/addresses.js';
import { admin, bankCall, bankWithToken, putMember } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';
import { credentialsForm } from '../support/token.js';

type Bank = Awaited<ReturnType<typeof bankWithToken>>;

const PROXY = '127.0.0.1';
const trusted = readRanges([PROXY]);
if (!('ranges' in trusted)) throw new Error('test setup');

for (const kind of databaseKinds()) {
  describe(`a bank client's allowed addresses (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind, { config: { trustedProxies: trusted.ranges } });
    });
    after(() => t.close());

    /** A token request as it reaches the service: from `address` directly, or through the trusted proxy. */
    const tokenFrom = (bank: Bank, address: string, viaProxy = false) =>
      t.app.inject({
        method: 'POST',
        url: '/oauth/v1/token',
        remoteAddress: viaProxy ? PROXY : address,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(viaProxy ? { 'x-forwarded-for': address } : {}),
        },
        payload: credentialsForm(bank.clientId, bank.clientSecret),
      });
    const validateFrom = (bank: Bank, address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/bank/v1/validate',
        remoteAddress: address,
        headers: { authorization: `Bearer ${bank.token}`, 'content-type': 'application/json' },
        payload: { customerRef: '7100001' },
      });
    const allow = (bank: Bank, allowedIps: string[]) =>
      admin(t.app, 'PUT', `/clients/${bank.clientId}/allowed-ips`, { allowedIps });

    it('keeps the list, normalised, and refuses anything that is not an address or CIDR', async () => {
      const bank = await bankWithToken(t.app, 'Allow List Bank');
      const set = await allow(bank, ['10.1.0.0/16', '192.0.2.7', '2001:DB8::/32']);
      assert.equal(set.statusCode, 200, set.body);
      assert.deepEqual(json(set).allowedIps, ['10.1.0.0/16', '192.0.2.7/32', '2001:db8::/32']);
      const shown = json(await admin(t.app, 'GET', `/clients/${bank.clientId}`));
      assert.deepEqual(shown.allowedIps, ['10.1.0.0/16', '192.0.2.7/32', '2001:db8::/32']);
      const bad = await allow(bank, ['10.1.0.0/16', '10.0.0.0/33', 'not-an-address']);
      assert.equal(bad.statusCode, 400);
      assert.match(json(bad).message, /^allowedIps: .*10\.0\.0\.0\/33.*not-an-address/);
      assert.deepEqual(json(await admin(t.app, 'GET', `/clients/${bank.clientId}`)).allowedIps.length, 3);
    });

    it('refuses a token request from elsewhere with the same invalid_client answer, before it counts', async () => {
      const bank = await bankWithToken(t.app, 'Counted Bank');
      assert.equal((await allow(bank, ['10.1.0.0/16'])).statusCode, 200);
      const wrongSecret = await t.app.inject({
        method: 'POST',
        url: '/oauth/v1/token',
        remoteAddress: '10.1.2.3',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=client_credentials&client_id=${bank.clientId}&client_secret=wrong`,
      });
      // More than the 30 a minute the rate limit allows, all from outside the list.
      for (let i = 0; i < 40; i++) {
        const refused = await tokenFrom(bank, '203.0.113.9');
        assert.equal(refused.statusCode, 401);
        assert.equal(refused.body, wrongSecret.body, 'the same body as any other credential problem');
      }
      const fromInside = await tokenFrom(bank, '10.1.2.3');
      assert.equal(fromInside.statusCode, 200, 'the bank is not locked out');
    });

    it('refuses a bank call from elsewhere with 401 and no body, even with a valid token', async () => {
      const bank = await bankWithToken(t.app, 'Call Bank');
      await putMember(t.app, '7100001', 'Achieng Odhiambo');
      assert.equal((await validateFrom(bank, '192.0.2.50')).statusCode, 200, 'any address before a list is set');
      assert.equal((await allow(bank, ['192.0.2.0/28'])).statusCode, 200);
      const outside = await validateFrom(bank, '192.0.2.50');
      assert.equal(outside.statusCode, 401);
      assert.equal(outside.body, '');
      assert.equal((await validateFrom(bank, '192.0.2.5')).statusCode, 200);
      assert.equal((await allow(bank, [])).statusCode, 200, 'an empty list lets any address through again');
      assert.equal((await validateFrom(bank, '192.0.2.50')).statusCode, 200);
    });

    it('believes X-Forwarded-For from a trusted proxy only', async () => {
      const bank = await bankWithToken(t.app, 'Proxy Bank');
      assert.equal((await allow(bank, ['10.9.0.0/16'])).statusCode, 200);
      assert.equal((await tokenFrom(bank, '10.9.0.1', true)).statusCode, 200, 'through the trusted proxy');
      const spoofed = await t.app.inject({
        method: 'POST',
        url: '/oauth/v1/token',
        remoteAddress: '198.51.100.1',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '10.9.0.1' },
        payload: `grant_type=client_credentials&client_id=${bank.clientId}&client_secret=${bank.clientSecret}`,
      });
      assert.equal(spoofed.statusCode, 401, 'a header from an untrusted address is not believed');
    });

    it('records the address behind the trusted proxy in the audit', async () => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/clients',
        remoteAddress: PROXY,
        headers: { authorization: 'Bearer test-admin-token-0123456789abcdef', 'x-forwarded-for': '10.20.30.40' },
        payload: { name: 'Audited Bank' },
      });
      assert.equal(created.statusCode, 201);
      const { items } = json(await admin(t.app, 'GET', '/audit?order=newest&limit=1'));
      assert.equal(items[0].target, json(created).clientId);
      assert.equal(items[0].sourceIp, '10.20.30.40');
    });

    it('disables a client: no tokens, and its bank calls answer 401 with tokens already issued; enabling restores it', async () => {
      const bank = await bankWithToken(t.app, 'Disabled Bank');
      await putMember(t.app, '7100001', 'Achieng Odhiambo');
      const disabled = await admin(t.app, 'PATCH', `/clients/${bank.clientId}`, { disabled: true });
      assert.equal(disabled.statusCode, 200);
      assert.equal(json(disabled).disabled, true);
      const token = await tokenFrom(bank, '192.0.2.1');
      assert.equal(token.statusCode, 401);
      assert.equal(json(token).error, 'invalid_client');
      const call = await bankCall(t.app, bank.token, 'validate', { customerRef: '7100001' });
      assert.equal(call.statusCode, 401);
      assert.equal(call.body, '');
      assert.equal((await admin(t.app, 'PATCH', `/clients/${bank.clientId}`, { disabled: false })).statusCode, 200);
      assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '7100001' })).statusCode, 200);
      assert.equal((await tokenFrom(bank, '192.0.2.1')).statusCode, 200);
      const actions = json(await admin(t.app, 'GET', '/audit?order=newest&limit=2')).items.map(
        (e: { action: string }) => e.action,
      );
      assert.deepEqual(actions, ['client.enabled', 'client.disabled']);
    });
  });
}
