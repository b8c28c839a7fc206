import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databaseKinds } from '../support/databases.js';
import { addOperator } from '../support/operators.js';
import { ADMIN_TOKEN, startTestApp, type TestApp } from '../support/test-app.js';

const owner = { authorization: `Bearer ${ADMIN_TOKEN}` };

// Finding: "is there another admin?" was read before the change's transaction, so two admins
// disabled (or demoted) at the same moment both passed it and left nobody to administer the service.
for (const kind of databaseKinds()) {
  describe(`the last admin who can sign in stays, whatever arrives at once (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    const patch = (operatorId: string, payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/admin/v1/operators/${operatorId}`, headers: owner, payload });
    const usableAdmins = async () =>
      (
        await t.database.db
          .selectFrom('operators')
          .select('id')
          .where('role', '=', 'admin')
          .where('disabled_at', 'is', null)
          .where('password_hash', 'is not', null)
          .execute()
      ).map((row) => row.id);

    it('of the last two admins disabled or demoted at once, exactly one change succeeds and the other gets 409', async () => {
      let survivor = (await addOperator(t.app, 'admin')).operatorId;
      const changes: object[] = [{ disabled: true }, { role: 'viewer' }, { disabled: true }, { role: 'finance' }];
      for (const change of changes) {
        const other = (await addOperator(t.app, 'admin')).operatorId;
        assert.deepEqual((await usableAdmins()).sort(), [survivor, other].sort());
        const answers = await Promise.all([patch(survivor, change), patch(other, change)]);
        const statuses = answers.map((answer) => answer.statusCode).sort();
        assert.deepEqual(statuses, [200, 409], JSON.stringify(change));
        const left = await usableAdmins();
        assert.equal(left.length, 1, 'one admin who can sign in is left');
        survivor = left[0] as string;
      }
    });

    // The embedded database runs one request's queries to the end before the next request's when
    // they come through HTTP, so there the two changes are also started in the same instant at the
    // service, where their queries interleave.
    it('of two changes started in the same instant at the service, one is refused as leaving no admin', async () => {
      const [survivor] = await usableAdmins();
      const other = (await addOperator(t.app, 'admin')).operatorId;
      const actor = { requestId: 'race', sourceIp: '127.0.0.1', who: 'owner token' };
      const { operatorsService } = t.app.services;
      const outcomes = await Promise.allSettled(
        [survivor as string, other].map((id) => operatorsService.update(id, { disabled: true }, actor)),
      );
      assert.deepEqual(outcomes.map((outcome) => outcome.status).sort(), ['fulfilled', 'rejected']);
      const refused = outcomes.find((outcome) => outcome.status === 'rejected');
      assert.equal((refused?.reason as { code?: string } | undefined)?.code, 'conflict');
      assert.equal((await usableAdmins()).length, 1);
    });
  });
}
