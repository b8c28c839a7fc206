import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databaseKinds } from '../support/databases.js';
import { addOperator, signIn, signInRequest } from '../support/operators.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

const owner = { authorization: `Bearer ${ADMIN_TOKEN}` };

for (const kind of databaseKinds()) {
  describe(`operators (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    const ownerCall = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url: `/admin/v1${url}`, headers: owner, ...(payload ? { payload } : {}) });

    it('adds an operator with a one-time invite link, and refuses a second with the same email in another case', async () => {
      const created = await ownerCall('POST', '/operators', {
        email: 'Wanjiku@Sacco.example',
        name: 'Wanjiku',
        role: 'finance',
      });
      assert.equal(created.statusCode, 201, created.body);
      const body = json(created);
      assert.deepEqual(Object.keys(body).sort(), [
        'createdAt',
        'disabled',
        'email',
        'emailed',
        'inviteExpiresAt',
        'inviteUrl',
        'name',
        'operatorId',
        'passwordSet',
        'role',
        'twoFactor',
      ]);
      assert.match(body.inviteUrl, /^http:\/\/bis\.test\/invite\/[A-Za-z0-9_-]{43}$/);
      assert.equal(Date.parse(body.inviteExpiresAt) - t.clock.now().getTime(), 72 * 3_600_000);
      assert.equal(body.passwordSet, false);
      const again = await ownerCall('POST', '/operators', {
        email: 'wanjiku@SACCO.example',
        name: 'Other',
        role: 'viewer',
      });
      assert.equal(again.statusCode, 409);
      const list = json(await ownerCall('GET', '/operators')).items;
      assert.equal(list.filter((o: { email: string }) => o.email.toLowerCase() === 'wanjiku@sacco.example').length, 1);
      const one = json(await ownerCall('GET', `/operators/${body.operatorId}`));
      assert.equal(one.role, 'finance');
      assert.ok(!JSON.stringify(one).includes('password_hash') && !('passwordHash' in one), 'no hash is ever shown');
    });

    it('renames, changes the role, and disabling ends the sessions and tokens at once', async () => {
      const operator = await addOperator(t.app, 'finance');
      const session = await signIn(t.app, operator.email, operator.password);
      const renamed = await ownerCall('PATCH', `/operators/${operator.operatorId}`, {
        name: 'Achieng',
        role: 'viewer',
      });
      assert.equal(renamed.statusCode, 200);
      assert.deepEqual([json(renamed).name, json(renamed).role], ['Achieng', 'viewer']);
      const me = await t.app.inject({ method: 'GET', url: '/admin/v1/session', headers: { cookie: session.cookie } });
      assert.equal(json(me).operator.role, 'viewer', 'the new role applies to the session at once');
      assert.equal((await ownerCall('PATCH', `/operators/${operator.operatorId}`, { disabled: true })).statusCode, 200);
      const after = await t.app.inject({
        method: 'GET',
        url: '/admin/v1/clients',
        headers: { cookie: session.cookie },
      });
      assert.equal(after.statusCode, 401);
      const again = await signInRequest(t.app, operator.email, operator.password);
      assert.equal(again.statusCode, 401, 'a disabled operator cannot sign in');
      assert.equal(
        (await ownerCall('PATCH', `/operators/${operator.operatorId}`, { disabled: false })).statusCode,
        200,
      );
      assert.equal((await signInRequest(t.app, operator.email, operator.password)).statusCode, 200);
    });

    it('keeps one admin who can sign in', async () => {
      const own = await startTestApp(kind);
      try {
        const admin = await addOperator(own.app, 'admin');
        const refuse = await own.app.inject({
          method: 'PATCH',
          url: `/admin/v1/operators/${admin.operatorId}`,
          headers: owner,
          payload: { role: 'finance' },
        });
        assert.equal(refuse.statusCode, 409);
        assert.match(json(refuse).message, /last admin/);
        await addOperator(own.app, 'admin');
        const allowed = await own.app.inject({
          method: 'PATCH',
          url: `/admin/v1/operators/${admin.operatorId}`,
          headers: owner,
          payload: { disabled: true },
        });
        assert.equal(allowed.statusCode, 200, 'with another admin, it may be disabled');
      } finally {
        await own.close();
      }
    });

    it('gives an operator a new invite link that replaces the old one', async () => {
      const created = json(
        await ownerCall('POST', '/operators', { email: 'kiptoo@sacco.example', name: 'Kiptoo', role: 'viewer' }),
      );
      const renewed = await ownerCall('POST', `/operators/${created.operatorId}/invite`);
      assert.equal(renewed.statusCode, 201);
      const old = await t.app.inject({ method: 'GET', url: new URL(created.inviteUrl).pathname });
      assert.equal(old.statusCode, 410, 'the old link no longer works');
      const fresh = await t.app.inject({ method: 'GET', url: new URL(json(renewed).inviteUrl).pathname });
      assert.equal(fresh.statusCode, 200);
    });
  });
}
