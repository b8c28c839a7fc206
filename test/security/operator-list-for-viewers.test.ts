import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addOperator, pageOfNew } from '../support/operators.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

// Finding: viewers and finance could not see who the operators are (the audit names them), while
// what an attacker would choose an account by (no password yet, no second factor) is for admins only.
// Which fields an answer holds does not depend on the database.
describe('viewers read the operator list: names, roles and status, never secrets', () => {
  let t: TestApp;
  before(async () => (t = await startTestApp('pglite')));
  after(() => t.close());

  it('viewers and finance read the list and one operator without passwordSet or twoFactor; admins see them', async () => {
    const target = await addOperator(t.app, 'finance');
    for (const role of ['viewer', 'finance'] as const) {
      const page = await pageOfNew(t.app, role);
      const list = await t.app.inject({ method: 'GET', url: '/admin/v1/operators', headers: page });
      assert.equal(list.statusCode, 200, list.body);
      const shown = json(list).items.find((item: { operatorId: string }) => item.operatorId === target.operatorId);
      assert.deepEqual(Object.keys(shown).sort(), ['createdAt', 'disabled', 'email', 'name', 'operatorId', 'role']);
      const one = await t.app.inject({ method: 'GET', url: `/admin/v1/operators/${target.operatorId}`, headers: page });
      assert.equal(one.statusCode, 200);
      assert.deepEqual(json(one), shown);
      for (const write of [
        { method: 'PATCH' as const, url: `/admin/v1/operators/${target.operatorId}`, payload: { name: 'x' } },
        { method: 'POST' as const, url: `/admin/v1/operators/${target.operatorId}/invite` },
      ]) {
        assert.equal((await t.app.inject({ ...write, headers: page })).statusCode, 403, 'reading only');
      }
    }
    const admin = await t.app.inject({
      method: 'GET',
      url: `/admin/v1/operators/${target.operatorId}`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    assert.deepEqual([json(admin).passwordSet, json(admin).twoFactor], [true, false]);
  });
});
