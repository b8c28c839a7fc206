import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { listOf } from '../support/admin.js';
import { admin, bankCall, bankWithToken, putMember } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';

// When each bank last called: noted on the call, written by a job, shown with the client.

for (const kind of databaseKinds()) {
  describe(`when each bank last called (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    const recordJob = () => {
      const job = t.app.services.jobs(undefined).find((j) => j.name === 'record-bank-calls');
      assert.ok(job, 'the job is among the instance jobs');
      return job;
    };
    const listed = async (clientId: string) =>
      listOf(json(await admin(t.app, 'GET', '/clients'))).find((client) => client.clientId === clientId);

    it('is null until the bank calls, then the time of its latest call once the job has run', async () => {
      const quiet = await bankWithToken(t.app, 'Quiet Bank');
      const busy = await bankWithToken(t.app, 'Busy Bank');
      await putMember(t.app, '1234567', 'Jane Wanjiru');
      assert.equal((await listed(busy.clientId)).lastCalledAt, null);

      const first = t.clock.now().toISOString();
      assert.equal((await bankCall(t.app, busy.token, 'validate', { customerRef: '1234567' })).statusCode, 200);
      assert.equal((await listed(busy.clientId)).lastCalledAt, null, 'not written on the bank call itself');
      await recordJob().run();
      assert.equal((await listed(busy.clientId)).lastCalledAt, first);

      t.clock.advance(90_000);
      const later = t.clock.now().toISOString();
      assert.equal((await bankCall(t.app, busy.token, 'validate', { customerRef: '1234567' })).statusCode, 200);
      await recordJob().run();
      const shown = json(await admin(t.app, 'GET', `/clients/${busy.clientId}`));
      assert.equal(shown.lastCalledAt, later);
      assert.equal((await listed(quiet.clientId)).lastCalledAt, null, 'another bank is not touched');
    });

    it('never moves back when an instance writes an older call it saw', async () => {
      const bank = await bankWithToken(t.app, 'Twice Seen Bank');
      await putMember(t.app, '7654321', 'John Otieno');
      const newest = t.clock.now().toISOString();
      await bankCall(t.app, bank.token, 'validate', { customerRef: '7654321' });
      await recordJob().run();
      await t.app.services.bankCallsStore.record([[bank.clientId, new Date(Date.parse(newest) - 60_000)]]);
      assert.equal((await listed(bank.clientId)).lastCalledAt, newest);
    });
  });
}
