import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { addOperator, apiToken, signIn, totpCode, withTwoFactor } from '../support/operators.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`a lock-out is no weapon against the account's owner (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    const attempt = (remoteAddress: string, payload: { email: string; password: string; code?: string }) =>
      t.app.inject({ method: 'POST', url: '/admin/v1/session', remoteAddress, payload });

    const code = (key: string) => {
      t.clock.advance(30 * SECOND);
      return totpCode(key, t.clock.now());
    };
    async function lockOut(email: string, from: string) {
      for (let i = 0; i < 5; i++) {
        assert.equal((await attempt(`${from}.${i + 1}`, { email, password: `wrong guess ${i}` })).statusCode, 401);
      }
    }

    it('lets the right password and second factor through a locked account from an address that has not failed', async () => {
      const owner = await withTwoFactor(t.app, () => t.clock.now());
      await lockOut(owner.email, '198.51.100');
      const withoutCode = await attempt('192.0.2.80', { email: owner.email, password: owner.password });
      assert.equal(withoutCode.statusCode, 429, 'the password alone does not pass the lock');
      const fromGuesser = await attempt('198.51.100.1', { ...owner, code: code(owner.key) });
      assert.equal(fromGuesser.statusCode, 429, 'nor anything from an address that failed');
      const signedIn = await attempt('192.0.2.81', { ...owner, code: code(owner.key) });
      assert.equal(signedIn.statusCode, 200, signedIn.body);

      const wrongCode = await attempt('192.0.2.82', { ...owner, code: '000000' });
      assert.equal(wrongCode.statusCode, 429, 'a wrong code through the lock is refused like any locked attempt');
      const afterFailing = await attempt('192.0.2.82', { ...owner, code: code(owner.key) });
      assert.equal(afterFailing.statusCode, 429, 'and that address has failed now: one try each');
    });

    it("gives a locked account's lock three failed passes in all, however many addresses try", async () => {
      const owner = await withTwoFactor(t.app, () => t.clock.now());
      await lockOut(owner.email, '198.51.102');
      // Someone with the password guesses codes, each from a new address (or a new address of one IPv6 /64).
      const guessers = ['192.0.2.101', '2001:db8:1:1::1', '192.0.2.103'];
      for (const from of guessers) {
        assert.equal((await attempt(from, { ...owner, code: '000000' })).statusCode, 429);
      }
      const sameSlash64 = await attempt('2001:db8:1:1::2', { ...owner, code: code(owner.key) });
      assert.equal(sameSlash64.statusCode, 429, 'an IPv6 /64 is one address');
      const owners = await attempt('192.0.2.104', { ...owner, code: code(owner.key) });
      assert.equal(owners.statusCode, 429, 'three failed passes: the lock holds for everyone until it ends');
      t.clock.advance(15 * 60 * SECOND);
      assert.equal((await attempt('192.0.2.104', { ...owner, code: code(owner.key) })).statusCode, 200);
    });

    it('keeps an account without two-factor sign-in locked, and the per-address limit for everyone', async () => {
      const plain = await addOperator(t.app, 'viewer');
      await lockOut(plain.email, '198.51.101');
      assert.equal((await attempt('192.0.2.90', plain)).statusCode, 429, 'its password alone is what the lock guards');

      const owner = await withTwoFactor(t.app, () => t.clock.now());
      for (let i = 0; i < 20; i++) {
        const guess = await attempt('203.0.113.9', { email: `guess${i}@sacco.example`, password: 'whatever it is' });
        assert.equal(guess.statusCode, 401);
      }
      const fromThatAddress = await attempt('203.0.113.9', { ...owner, code: code(owner.key) });
      assert.equal(fromThatAddress.statusCode, 429);
      assert.equal((await attempt('203.0.113.10', { ...owner, code: code(owner.key) })).statusCode, 200);
    });

    it('takes a right owner token, API token or session from an address whose other users guessed 20 wrong tokens', async () => {
      const operator = await addOperator(t.app, 'admin');
      const session = await signIn(t.app, operator.email, operator.password);
      const { token } = await apiToken(t.app, session);
      const nat = '192.0.2.200';
      const call = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: '/admin/v1/clients', remoteAddress: nat, headers });
      for (let i = 0; i < 20; i++) {
        assert.equal((await call({ authorization: `Bearer wrong-${i}-0123456789abcdef` })).statusCode, 401);
      }
      const guess = await call({ authorization: 'Bearer bisop_one-more-wrong-0123456789abcdef' });
      assert.equal(guess.statusCode, 429, 'a wrong token is refused');
      assert.ok(Number(guess.headers['retry-after']) > 0);
      assert.equal((await call({ authorization: `Bearer ${ADMIN_TOKEN}` })).statusCode, 200, 'the owner token');
      assert.equal((await call({ authorization: `Bearer ${token}` })).statusCode, 200, "an operator's API token");
      assert.equal((await call({ cookie: session.cookie })).statusCode, 200, 'a session');
    });
  });
}
