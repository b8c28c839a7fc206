import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HOUR } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { signInRequest } from '../support/operators.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`an operator's invite link (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    let sequence = 0;
    async function invite(email = `invited${++sequence}@sacco.example`) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/operators',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { email, name: 'Invited', role: 'viewer' },
      });
      return { email, path: new URL(json(created).inviteUrl).pathname };
    }
    const setPassword = (path: string, password: string, form = false) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: form
          ? { 'content-type': 'application/x-www-form-urlencoded' }
          : { 'content-type': 'application/json', accept: 'application/json' },
        payload: form ? `password=${encodeURIComponent(password)}` : { password },
      });

    it('shows a form on GET, any number of times, never using the link up; with no-store, no-referrer and a strict CSP', async () => {
      const { email, path } = await invite();
      for (let i = 0; i < 3; i++) {
        const page = await t.app.inject({ method: 'GET', url: path });
        assert.equal(page.statusCode, 200);
        assert.match(page.body, /<form method="post">/);
        assert.ok(page.body.includes(email));
        assert.equal(page.headers['cache-control'], 'no-store');
        assert.equal(page.headers['referrer-policy'], 'no-referrer');
        const csp = String(page.headers['content-security-policy']);
        assert.match(csp, /default-src 'none'/);
        assert.doesNotMatch(csp, /script-src|unsafe-inline/);
      }
    });

    it('sets the password once by POST, from the form or as JSON; then 410', async () => {
      const first = await invite();
      const set = await setPassword(first.path, 'a long and private passphrase', true);
      assert.equal(set.statusCode, 200);
      assert.match(set.body, /Your password is set/);
      assert.equal((await signInRequest(t.app, first.email, 'a long and private passphrase')).statusCode, 200);
      assert.equal((await setPassword(first.path, 'another long passphrase here')).statusCode, 410);
      assert.equal((await t.app.inject({ method: 'GET', url: first.path })).statusCode, 410);
      const second = await invite();
      const json200 = await setPassword(second.path, 'yet another long passphrase');
      assert.equal(json200.statusCode, 200);
      assert.equal(json(json200).email, second.email);
    });

    it('answers 404 to an unknown link and 410 to an expired one', async () => {
      assert.equal((await t.app.inject({ method: 'GET', url: '/invite/no-such-link-token' })).statusCode, 404);
      assert.equal((await setPassword('/invite/no-such-link-token', 'a long and private passphrase')).statusCode, 404);
      const { path } = await invite();
      t.clock.advance(72 * HOUR);
      assert.equal((await t.app.inject({ method: 'GET', url: path })).statusCode, 410);
      assert.equal((await setPassword(path, 'a long and private passphrase')).statusCode, 410);
    });

    it('refuses a short, common or email-like password, saying why, and keeps the link usable', async () => {
      const { email, path } = await invite('otieno.ouma@sacco.example');
      for (const [password, reason] of [
        ['elevenchars', /at least 12 characters/],
        ['qwertyuiop123', /most common passwords/],
        ['my name is Otieno.Ouma!', /email/],
      ] as const) {
        const refused = await setPassword(path, password);
        assert.equal(refused.statusCode, 400, password);
        assert.match(json(refused).message, reason);
        const page = await setPassword(path, password, true);
        assert.equal(page.statusCode, 400);
        assert.match(page.body, /class="problem"/);
      }
      assert.equal((await setPassword(path, 'finally a good passphrase')).statusCode, 200);
      assert.equal((await signInRequest(t.app, email, 'finally a good passphrase')).statusCode, 200);
    });
  });
}
