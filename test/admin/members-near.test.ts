import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, putMember } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { json, useTestApp } from '../support/test-app.js';

// GET /admin/v1/members?near=: the members a payer may have meant by a number with a slip in it.

for (const kind of databaseKinds()) {
  describe(`members near a number as typed (${kind})`, () => {
    const t = useTestApp(kind);

    before(async () => {
      for (const [number, name, status] of [
        ['1000021', 'Achieng Atieno', 'active'],
        ['1000012', 'Baraka Bett', 'active'],
        ['1000003', 'Chebet Cherono', 'closed'],
        ['2000002', 'Far Away', 'active'],
        ['1999999', 'Not Near', 'active'],
      ] as const) {
        await putMember(t.app, number, name, status);
      }
    });

    const near = async (query: string) => {
      const response = await admin(t.app, 'GET', `/members?${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return json(response).items.map((member: { customerRef: string }) => member.customerRef);
    };

    it('finds a digit wrong, two swapped, one left out and another added', async () => {
      assert.deepEqual(await near('near=1000002'), ['1000003', '1000012', '1000021', '2000002']);
      assert.deepEqual(await near('near=1000002&status=active'), ['1000012', '1000021', '2000002']);
    });

    it('finds a digit left out or typed twice', async () => {
      assert.deepEqual(await near('near=100021'), ['1000021']);
      assert.deepEqual(await near('near=10000211'), ['1000021']);
    });

    it('finds nothing for text that is no number, and refuses near with q', async () => {
      assert.deepEqual(await near('near=ABC'), []);
      assert.deepEqual(await near('near=1'), []);
      const both = await admin(t.app, 'GET', '/members?near=1000002&q=Achieng');
      assert.equal(both.statusCode, 400);
      assert.match(json(both).message, /near/);
    });
  });
}
