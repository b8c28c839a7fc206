import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bankCall, bankWithToken, putMember } from '../support/bank.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The same bytes in another text: the last character of a 32-byte base64url value has two unused bits. */
function sameBytesOtherText(segment: string): string {
  const last = segment.at(-1) ?? 'A';
  const index = ALPHABET.indexOf(last);
  const other = ALPHABET[(index & ~0b11) | ((index + 1) & 0b11)] ?? last;
  return `${segment.slice(0, -1)}${other}`;
}

describe('access token texts', () => {
  const key = 'a-signing-key-shared-by-two-deployments-0123456789';
  let first: TestApp;
  let second: TestApp;
  before(async () => {
    first = await startTestApp('pglite', { config: { tokenSigningKey: key, publicUrl: 'https://pay.first.example' } });
    second = await startTestApp('pglite', {
      config: { tokenSigningKey: key, publicUrl: 'https://pay.second.example' },
    });
  });
  after(async () => {
    await first.close();
    await second.close();
  });

  it('accepts only the canonical encoding of the signature', async () => {
    const bank = await bankWithToken(first.app, 'Encoding Bank');
    await putMember(first.app, '7500001', 'Nafula Wekesa');
    const [header, payload, signature = ''] = bank.token.split('.');
    const altered = `${header}.${payload}.${sameBytesOtherText(signature)}`;
    assert.notEqual(altered, bank.token);
    assert.deepEqual(
      Buffer.from(altered.split('.')[2] ?? '', 'base64url'),
      Buffer.from(signature, 'base64url'),
      'the same signature bytes',
    );
    assert.equal((await bankCall(first.app, bank.token, 'validate', { customerRef: '7500001' })).statusCode, 200);
    const refused = await bankCall(first.app, altered, 'validate', { customerRef: '7500001' });
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.body, '');
  });

  it('names the deployment in iss, so another deployment with the same key refuses the token', async () => {
    const bank = await bankWithToken(first.app, 'Issuer Bank');
    const claims = JSON.parse(Buffer.from(bank.token.split('.')[1] ?? '', 'base64url').toString('utf8'));
    assert.equal(claims.iss, 'https://pay.first.example');
    await putMember(second.app, '7500002', 'Otieno Ouma');
    const elsewhere = await bankCall(second.app, bank.token, 'validate', { customerRef: '7500002' });
    assert.equal(elsewhere.statusCode, 401);
    const home = await bankCall(first.app, bank.token, 'validate', { customerRef: '7500003' });
    assert.equal(home.statusCode, 404, 'its own deployment accepts the token (and finds no such member)');
    assert.equal(json(home).resultCode, 1);
  });
});
