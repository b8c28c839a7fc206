import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { EVENT, type EventName, eventType, WEBHOOK_EVENTS } from '../../src/webhooks/events.js';
import { admin, bankWithToken, putMember } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import {
  acceptedPayment,
  heldPayment,
  newMemberNumber,
  newReference,
  reconcile,
  statementOf,
} from '../support/money-desk.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';
import { startReceiver } from '../support/webhook-receiver.js';

const ajv = new Ajv.default({ strict: false, allErrors: true });
addFormats.default(ajv);
const DAY = '2026-11-20';

for (const kind of databaseKinds()) {
  describe(`every event type, as src/webhooks/events.ts declares it (${kind})`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(kind);
    });
    after(() => t.close());

    it("reaches a subscribed endpoint by each of the outbox's ways, its data as the event's schema says", async () => {
      const receiver = await startReceiver();
      const created = await admin(t.app, 'POST', '/webhooks', {
        url: receiver.url,
        internal: true,
        events: WEBHOOK_EVENTS,
      });
      assert.equal(created.statusCode, 201, created.body);
      const { webhookId, secret } = json(created);
      await receiver.setUp({ secrets: [secret] });
      const bank = await bankWithToken(t.app, 'Equity Bank');

      // The accepted-payments feed, and the part of the bank's payment statement a first hold writes.
      await acceptedPayment(t.app, bank);
      const held = await heldPayment(t.app, bank);
      const returned = await heldPayment(t.app, bank);
      // emit, from the services.
      const member = newMemberNumber();
      await putMember(t.app, member, 'Achieng Auma', 'suspended');
      await putMember(t.app, member, 'Achieng Auma', 'active');
      const allocate = { customerRef: member, note: 'confirmed by phone' };
      assert.equal((await admin(t.app, 'POST', `/payments/${held.paymentId}/allocate`, allocate)).statusCode, 200);
      const toReturn = { note: 'no such member' };
      assert.equal((await admin(t.app, 'POST', `/payments/${returned.paymentId}/return`, toReturn)).statusCode, 200);
      const lost = { date: DAY, amount: '700.00', credit: true, reference: newReference('LOST') };
      const statement = statementOf('mt940', [lost], { from: DAY, to: DAY });
      const reconciled = await reconcile(t.app, bank.clientId, 'mt940', statement);
      assert.equal(reconciled.statusCode, 201, reconciled.body);
      const line = `/reconciliations/${json(reconciled).reconciliationId}/lines/1/record`;
      const recorded = await admin(t.app, 'POST', line, { customerRef: member, paymentType: 'MPESA', note: 'lost' });
      assert.equal(recorded.statusCode, 201, recorded.body);
      assert.equal((await admin(t.app, 'POST', `/webhooks/${webhookId}/test`)).statusCode, 202);
      // The part of the import's statement: one message for each member whose status the file changes.
      const imported = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/members/import',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'text/csv' },
        payload: `customerRef,fullName,status\n${member},Achieng Auma,closed\n`,
      });
      assert.equal(imported.statusCode, 200, imported.body);

      while ((await t.app.services.webhookDelivery.deliverDue()) > 0);
      const got = await receiver.received();
      await receiver.stop();
      assert.ok(
        got.every((r) => r.verified),
        'every message is signed',
      );
      assert.deepEqual(
        [...new Set(got.map((r) => r.type))].sort(),
        Object.values(EVENT).sort(),
        'one of each event type, and nothing else',
      );
      for (const { type, data } of got) {
        const valid = ajv.validate(eventType(type as EventName).data, data);
        assert.ok(valid, `${type}: ${ajv.errorsText()}`);
      }
      const statuses = got.filter((r) => r.type === EVENT.memberStatusChanged).map((r) => r.data?.status);
      assert.deepEqual(statuses, ['active', 'closed'], 'from PUT, then from the import');
    });
  });
}
