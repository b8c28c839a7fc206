import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertAdminError } from '../support/admin.js';
import { admin, putMember } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { json, useTestApp } from '../support/test-app.js';

// The admin API: members, created, updated and read by Member Number.

for (const kind of databaseKinds()) {
  describe(`admin API (${kind})`, () => {
    const t = useTestApp(kind);

    describe('members', () => {
      it('creates a member with PUT: 201 with the member', async () => {
        const response = await admin(t.app, 'PUT', '/members/3000001', {
          fullName: 'Achieng Otieno',
          status: 'active',
        });
        assert.equal(response.statusCode, 201, response.body);
        const body = json(response);
        assert.equal(body.customerRef, '3000001');
        assert.equal(body.fullName, 'Achieng Otieno');
        assert.equal(body.status, 'active');
      });

      it('updates a member with PUT: 200 with the member as it now is', async () => {
        await putMember(t.app, '3000002', 'Kamau Njoroge');
        const response = await admin(t.app, 'PUT', '/members/3000002', {
          fullName: 'Kamau J. Njoroge',
          status: 'suspended',
        });
        assert.equal(response.statusCode, 200, response.body);
        const body = json(response);
        assert.equal(body.customerRef, '3000002');
        assert.equal(body.fullName, 'Kamau J. Njoroge');
        assert.equal(body.status, 'suspended');
        const again = await admin(t.app, 'PUT', '/members/3000002', { fullName: 'Kamau J. Njoroge', status: 'closed' });
        assert.equal(again.statusCode, 200, again.body);
        assert.equal(json(again).status, 'closed');
      });

      it('reads a member with GET: 200 with the member', async () => {
        await putMember(t.app, '3000003', 'Wanjiku Mwangi', 'suspended');
        const response = await admin(t.app, 'GET', '/members/3000003');
        assert.equal(response.statusCode, 200, response.body);
        const body = json(response);
        assert.equal(body.customerRef, '3000003');
        assert.equal(body.fullName, 'Wanjiku Mwangi');
        assert.equal(body.status, 'suspended');
      });

      it('answers 404 for a member that does not exist', async () => {
        const response = await admin(t.app, 'GET', '/members/3999999');
        assert.equal(response.statusCode, 404, response.body);
        assertAdminError(json(response));
      });

      it('answers 400 to PUT and GET when the Member Number is not seven digits', async () => {
        for (const ref of ['123456', '12345678', 'abcdefg', '12345a7', '１２３４５６７']) {
          const url = `/members/${encodeURIComponent(ref)}`;
          const put = await admin(t.app, 'PUT', url, { fullName: 'Nobody', status: 'active' });
          assert.equal(put.statusCode, 400, `PUT ${ref}: ${put.body}`);
          assertAdminError(json(put));
          const get = await admin(t.app, 'GET', url);
          assert.equal(get.statusCode, 400, `GET ${ref}: ${get.body}`);
        }
      });

      it('ignores spaces around the Member Number in the path', async () => {
        const put = await admin(t.app, 'PUT', `/members/${encodeURIComponent(' 3000004 ')}`, {
          fullName: 'Spaced Member',
          status: 'active',
        });
        assert.equal(put.statusCode, 201, put.body);
        assert.equal(json(put).customerRef, '3000004');
        const get = await admin(t.app, 'GET', '/members/3000004');
        assert.equal(get.statusCode, 200, get.body);
      });

      it('answers 400 for a status other than active, suspended or closed', async () => {
        for (const status of ['deleted', 'ACTIVE', '', 1]) {
          const response = await admin(t.app, 'PUT', '/members/3000005', { fullName: 'Status Test', status });
          assert.equal(response.statusCode, 400, `${JSON.stringify(status)}: ${response.body}`);
        }
        assert.equal((await admin(t.app, 'GET', '/members/3000005')).statusCode, 404, 'a refused PUT made the member');
      });

      it('answers 400 when fullName or status is missing or fullName is empty', async () => {
        for (const payload of [
          { status: 'active' },
          { fullName: 'No Status' },
          { fullName: '', status: 'active' },
          { fullName: '  ', status: 'active' },
        ]) {
          const response = await admin(t.app, 'PUT', '/members/3000006', payload);
          assert.equal(response.statusCode, 400, `${JSON.stringify(payload)}: ${response.body}`);
        }
      });
    });
  });
}
