import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAdminError } from '../support/admin.js';
import { admin, putMember } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';

// GET /admin/v1/members: finding members by number or name, a page at a time.

for (const kind of databaseKinds()) {
  describe(`finding members (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind);
      await putMember(t.app, '4000001', 'Achieng Otieno');
      await putMember(t.app, '4000002', 'Kamau Njoroge', 'suspended');
      await putMember(t.app, '4000013', 'Wanjiru Achieng');
      await putMember(t.app, '4100000', 'Percent 100% Sacco_Member');
    });
    after(() => t.close());

    const find = async (query: string) => {
      const response = await admin(t.app, 'GET', `/members?${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return json(response) as { items: { customerRef: string; fullName: string }[]; nextCursor: string | null };
    };
    const numbers = (page: { items: { customerRef: string }[] }) => page.items.map((m) => m.customerRef);

    it('finds by the first digits of the number, or the whole number, in number order', async () => {
      assert.deepEqual(numbers(await find('q=400')), ['4000001', '4000002', '4000013']);
      assert.deepEqual(numbers(await find('q=4000013')), ['4000013']);
      assert.deepEqual(numbers(await find('q=4000013')).length, 1);
      assert.deepEqual(numbers(await find('q=5')), []);
    });

    it('finds by a part of the name whatever its case, and % or _ match only themselves', async () => {
      assert.deepEqual(numbers(await find('q=achieng')), ['4000001', '4000013']);
      assert.deepEqual(numbers(await find(`q=${encodeURIComponent('100%')}`)), ['4100000']);
      assert.deepEqual(numbers(await find(`q=${encodeURIComponent('%')}`)), ['4100000']);
      assert.deepEqual(numbers(await find('q=o_i')), []);
    });

    it('filters by status, and pages with nextCursor until it is null', async () => {
      assert.deepEqual(numbers(await find('status=suspended')), ['4000002']);
      const first = await find('limit=2');
      assert.deepEqual(numbers(first), ['4000001', '4000002']);
      assert.equal(first.nextCursor, '4000002');
      const second = await find(`limit=2&cursor=${first.nextCursor}`);
      assert.deepEqual(numbers(second), ['4000013', '4100000']);
      assert.equal(second.nextCursor, null);
    });

    it('answers 400 for a cursor it did not give, or a status it does not know', async () => {
      for (const query of ['cursor=abc', 'status=gone', 'limit=0']) {
        const response = await admin(t.app, 'GET', `/members?${query}`);
        assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
        assertAdminError(json(response));
      }
    });
  });
}
