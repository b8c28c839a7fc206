import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { admin, createBank, putMember } from './support/bank.js';
import { databaseKinds } from './support/databases.js';
import { json, startTestApp, type TestApp } from './support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`audit trail (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    it('records every admin action and reveal with time, action, target, request id and source, never a secret', async () => {
      const since = t.clock.now().toISOString();
      const bank = await createBank(t.app); // client.created, secret.issued, secret.revealed
      const member = await admin(t.app, 'PUT', '/members/8000001', { fullName: 'Audit Member', status: 'active' });
      await putMember(t.app, '8000001', 'Audit Member', 'suspended');
      await admin(t.app, 'DELETE', `/clients/${bank.clientId}/secrets/${bank.secretId}`);
      await t.app.inject({
        method: 'POST',
        url: '/admin/v1/members/import',
        headers: { authorization: `Bearer test-admin-token-0123456789abcdef`, 'content-type': 'text/csv' },
        payload: 'customerRef,fullName,status\n8000002,Imported,active\n',
      });

      const response = await admin(t.app, 'GET', `/audit?from=${encodeURIComponent(since)}`);
      assert.equal(response.statusCode, 200);
      const events = json(response).items as Array<Record<string, any>>;
      assert.deepEqual(
        events.map((event) => [event.action, event.target]),
        [
          ['client.created', bank.clientId],
          ['secret.issued', bank.secretId],
          ['secret.revealed', bank.secretId],
          ['member.created', '8000001'],
          ['member.updated', '8000001'],
          ['secret.revoked', bank.secretId],
          ['members.imported', 'members'],
        ],
      );
      const memberEvent = events[3]!;
      assert.equal(memberEvent.requestId, member.headers['x-request-id']);
      assert.equal(memberEvent.sourceIp, '127.0.0.1');
      assert.equal(memberEvent.at, t.clock.now().toISOString());
      assert.deepEqual(events[6]!.detail, { rows: 1, created: 1, updated: 0, unchanged: 0 });
      assert.ok(!response.body.includes(bank.clientSecret));
      assert.doesNotMatch(response.body, /[0-9a-f]{64}/, 'no hash');
    });

    it('filters by time and pages with a cursor', async () => {
      t.clock.advance(60_000);
      const boundary = t.clock.now().toISOString();
      await putMember(t.app, '8000003', 'Later Member');
      await putMember(t.app, '8000004', 'Later Member Two');
      const later = json(await admin(t.app, 'GET', `/audit?from=${encodeURIComponent(boundary)}&limit=1`));
      assert.deepEqual(
        later.items.map((e: { target: string }) => e.target),
        ['8000003'],
      );
      const next = json(
        await admin(t.app, 'GET', `/audit?from=${encodeURIComponent(boundary)}&limit=1&cursor=${later.nextCursor}`),
      );
      assert.deepEqual(
        next.items.map((e: { target: string }) => e.target),
        ['8000004'],
      );
      const earlier = json(await admin(t.app, 'GET', `/audit?to=${encodeURIComponent(boundary)}&limit=1000`));
      assert.ok(!earlier.items.some((e: { target: string }) => e.target === '8000003'));
    });

    it('lists the most recent first with order=newest, and pages backwards', async () => {
      const first = json(await admin(t.app, 'GET', '/audit?order=newest&limit=1'));
      assert.deepEqual(
        first.items.map((e: { target: string }) => e.target),
        ['8000004'],
      );
      const second = json(await admin(t.app, 'GET', `/audit?order=newest&limit=1&cursor=${first.nextCursor}`));
      assert.deepEqual(
        second.items.map((e: { target: string }) => e.target),
        ['8000003'],
      );
    });
  });

  describe(`first admin token by bis init (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind, { config: { adminToken: undefined } })));
    after(() => t.close());

    it('needs the setup code the service printed, and makes a token once, keeping only its hash', async () => {
      const refused = await t.app.inject({
        method: 'GET',
        url: '/admin/v1/clients',
        headers: { authorization: 'Bearer anything-at-all-here' },
      });
      assert.equal(refused.statusCode, 401);
      assert.doesNotMatch(json(refused).message, /bis init|setup|no admin/i, 'nobody is told there is no admin yet');

      const noCodeYet = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/init',
        payload: { setupCode: 'AAAA-BBBB-CCCC' },
      });
      assert.equal(noCodeYet.statusCode, 403, 'before the service has printed a code, none is right');
      const replaced = await t.app.services.setupCodes.make();
      const code = await t.app.services.setupCodes.make();
      assert.match(code, /^[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}$/);
      for (const wrong of [replaced, 'AAAA-BBBB-CCCC', '']) {
        const response = await t.app.inject({ method: 'POST', url: '/admin/v1/init', payload: { setupCode: wrong } });
        assert.equal(response.statusCode, 403, wrong);
      }
      assert.equal((await t.app.inject({ method: 'POST', url: '/admin/v1/init' })).statusCode, 400);

      const made = await t.app.inject({ method: 'POST', url: '/admin/v1/init', payload: { setupCode: code } });
      assert.equal(made.statusCode, 201);
      assert.equal(made.headers['cache-control'], 'no-store');
      const { adminToken } = json(made);
      assert.ok(adminToken.length >= 43);
      const stored = await t.database.db.selectFrom('service_keys').select(['name', 'value']).execute();
      assert.ok(
        !stored.some((row) => row.value === adminToken || row.value === code),
        'neither the token nor the code is stored as given',
      );

      const ok = await t.app.inject({
        method: 'GET',
        url: '/admin/v1/clients',
        headers: { authorization: `Bearer ${adminToken}` },
      });
      assert.equal(ok.statusCode, 200);
      const wrong = await t.app.inject({
        method: 'GET',
        url: '/admin/v1/clients',
        headers: { authorization: `Bearer ${adminToken}x` },
      });
      assert.equal(wrong.statusCode, 401);

      const again = await t.app.inject({ method: 'POST', url: '/admin/v1/init', payload: { setupCode: code } });
      assert.equal(again.statusCode, 409);
      const audit = json(
        await t.app.inject({
          method: 'GET',
          url: '/admin/v1/audit',
          headers: { authorization: `Bearer ${adminToken}` },
        }),
      );
      assert.deepEqual(
        audit.items.map((e: { action: string }) => e.action),
        ['admin.initialised'],
      );
    });
  });

  describe(`bis init when BIS_ADMIN_TOKEN is set (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    it('answers 409: the environment already gives the token', async () => {
      assert.equal(
        (await t.app.inject({ method: 'POST', url: '/admin/v1/init', payload: { setupCode: 'ABCD-EFGH-JKLM' } }))
          .statusCode,
        409,
      );
    });
  });
}
