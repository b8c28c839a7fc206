import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HOUR } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { addOperator, apiToken, asPage, signIn } from '../support/operators.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`requests that change something, signed in with the cookie (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind, { config: { publicUrl: 'https://pay.sacco.example' } })));
    after(() => t.close());

    it("refuses a cross-site form post with 403, and lets the service's own pages through", async () => {
      const admin = await addOperator(t.app, 'admin');
      const session = await signIn(t.app, admin.email, admin.password);
      const post = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/admin/v1/clients',
          headers: { cookie: session.cookie, ...headers },
          payload: { name: 'A bank' },
        });
      const crossSite = await post({
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      });
      assert.equal(crossSite.statusCode, 403);
      assert.equal(json(crossSite).error, 'forbidden');
      assert.equal((await post({})).statusCode, 403, 'no origin, no token: not from our pages');
      assert.equal((await post({ 'x-csrf-token': 'guessed' })).statusCode, 403);
      assert.equal((await post({ origin: 'https://pay.sacco.example' })).statusCode, 201, 'our own origin');
      assert.equal((await post({ 'x-csrf-token': session.csrfToken })).statusCode, 201, "the session's token");
      const read = await t.app.inject({
        method: 'GET',
        url: '/admin/v1/clients',
        headers: { cookie: session.cookie, origin: 'https://evil.example' },
      });
      assert.equal(read.statusCode, 200, 'reading needs no proof: SameSite keeps the cookie from other sites');
    });

    it('refuses a sign-in posted by another site', async () => {
      const viewer = await addOperator(t.app, 'viewer');
      const response = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/session',
        headers: { origin: 'https://evil.example' },
        payload: { email: viewer.email, password: viewer.password },
      });
      assert.equal(response.statusCode, 403);
    });
  });

  describe(`API tokens for the command line (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    it('are shown once, listed without the token, used as Bearer, revoked by id, and end when they expire', async () => {
      const operator = await addOperator(t.app, 'finance');
      const session = await signIn(t.app, operator.email, operator.password);
      const { token, tokenId } = await apiToken(t.app, session, 'bis on laptop');
      assert.match(token, /^bisop_[A-Za-z0-9_-]{43}$/);
      const stored = await t.database.db.selectFrom('operator_tokens').selectAll().execute();
      assert.ok(!JSON.stringify(stored).includes(token), 'only a hash is stored');
      const listed = await t.app.inject({
        method: 'GET',
        url: '/admin/v1/operators/me/tokens',
        headers: asPage(session),
      });
      assert.deepEqual(
        json(listed).items.map((item: { name: string }) => item.name),
        ['bis on laptop'],
      );
      assert.ok(!listed.body.includes(token));
      const bearer = { authorization: `Bearer ${token}` };
      const me = await t.app.inject({ method: 'GET', url: '/admin/v1/session', headers: bearer });
      assert.equal(json(me).operator.email, operator.email);
      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/admin/v1/operators/me/tokens/${tokenId}`,
        headers: bearer,
      });
      assert.equal(revoked.statusCode, 204);
      assert.equal((await t.app.inject({ method: 'GET', url: '/admin/v1/session', headers: bearer })).statusCode, 401);

      const short = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/operators/me/tokens',
        headers: asPage(session),
        payload: { name: 'a day', expiresInDays: 1, password: session.password },
      });
      const dayToken = { authorization: `Bearer ${json(short).token}` };
      assert.equal(
        (await t.app.inject({ method: 'GET', url: '/admin/v1/clients', headers: dayToken })).statusCode,
        200,
      );
      t.clock.advance(24 * HOUR);
      assert.equal(
        (await t.app.inject({ method: 'GET', url: '/admin/v1/clients', headers: dayToken })).statusCode,
        401,
      );
    });
  });
}
