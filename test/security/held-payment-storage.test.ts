import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { admin, bankCall, bankWithToken, paymentBody } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { sample } from '../support/metrics.js';
import { newMemberNumber, newReference, payableMember, paymentByReference } from '../support/money-desk.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

// Finding: each held notification kept its whole body (up to 64 KiB) and nothing showed one bank
// sending many; 300 held notifications grew the data directory by 35 MB. Every notification is
// money, so none is refused: a payment keeps its fields and at most 4 KiB of the body, says when
// the body was cut, and new held references are counted per bank.

const KEPT = 4 * 1024;
/** A notification of about 60 KiB: the contract's fields and a large field the service does not know. */
const large = (customerRef: string) =>
  paymentBody(customerRef, { transactionReference: newReference('BIG'), bankExtras: 'é'.repeat(30 * 1024) });

for (const kind of databaseKinds()) {
  describe(`a held payment keeps at most 4 KiB of the body, and new held references are counted per bank (${kind})`, () => {
    let t: TestApp;
    // Per-bank metrics name the bank only when asked (BIS_METRICS_CLIENT_LABELS).
    before(async () => (t = await startTestApp(kind, { config: { metricsClientLabels: true } })));
    after(() => t.close());

    it('records a held notification of 60 KiB with the answer it gets today, its fields whole and 4 KiB of its body, marked cut', async () => {
      const bank = await bankWithToken(t.app, 'Large Bodies Bank');
      const body = { ...large('9999999'), narration: 'Monthly contribution', payerName: 'JANE WANJIRU' };
      const sent = JSON.stringify(body);
      assert.ok(Buffer.byteLength(sent) > 60 * 1024, 'about 60 KiB');
      const answer = await bankCall(t.app, bank.token, 'payments', sent);
      assert.equal(answer.statusCode, 404, answer.body);
      assert.deepEqual(json(answer), { resultCode: 1, message: 'Customer not found' });

      const payment = await paymentByReference(t.app, body.transactionReference);
      assert.equal(payment.status, 'held');
      assert.equal(payment.narration, 'Monthly contribution');
      assert.equal(payment.payerName, 'JANE WANJIRU');
      assert.equal(payment.amount, '1500.50');
      assert.equal(payment.rawNotificationTruncated, true);
      const kept: string = payment.rawNotification;
      assert.ok(Buffer.byteLength(kept) <= KEPT, `${Buffer.byteLength(kept)} bytes kept`);
      assert.ok(Buffer.byteLength(kept) > KEPT - 4, 'as much as fits, never half a character');
      assert.ok(sent.startsWith(kept), 'the start of the body as sent');

      // Re-sent, it is evaluated again; its history keeps no more of the body than the payment does.
      const again = await bankCall(t.app, bank.token, 'payments', sent);
      assert.equal(again.statusCode, 404, again.body);
      const shown = json(await admin(t.app, 'GET', `/payments/${payment.paymentId}`));
      const resent = shown.history.find((entry: { kind: string }) => entry.kind === 're_sent');
      assert.ok(resent, JSON.stringify(shown.history));
      assert.ok(Buffer.byteLength(resent.detail.notification) <= KEPT);
      assert.equal(resent.detail.notificationTruncated, true);
    });

    it('gives an accepted notification of 60 KiB its receipt, and keeps 4 KiB of it too', async () => {
      const bank = await bankWithToken(t.app, 'Large Accepted Bank');
      const member = await payableMember(t.app, bank);
      const body = large(member);
      const answer = await bankCall(t.app, bank.token, 'payments', body);
      assert.equal(answer.statusCode, 200, answer.body);
      assert.match(json(answer).erpRefId, /^[0-9A-Z]{8}$/);
      const payment = await paymentByReference(t.app, body.transactionReference);
      assert.equal(payment.erpRefId, json(answer).erpRefId);
      assert.equal(payment.rawNotificationTruncated, true);
      assert.ok(Buffer.byteLength(payment.rawNotification) <= KEPT);
    });

    it('keeps a small held notification whole and does not mark it', async () => {
      const bank = await bankWithToken(t.app, 'Small Bodies Bank');
      const sent = JSON.stringify(paymentBody(newMemberNumber(), { transactionReference: newReference('SMALL') }));
      assert.equal((await bankCall(t.app, bank.token, 'payments', sent)).statusCode, 404);
      const payment = await paymentByReference(t.app, JSON.parse(sent).transactionReference);
      assert.equal(payment.rawNotification, sent);
      assert.equal(payment.rawNotificationTruncated, false);
    });

    it('counts new held references per bank in bis_payments_held_total, a re-sent held one not again', async () => {
      const noisy = await bankWithToken(t.app, 'Noisy Bank');
      const quiet = await bankWithToken(t.app, 'Quiet Bank');
      const first = paymentBody(newMemberNumber(), { transactionReference: newReference('H') });
      for (const body of [first, first, ...[1, 2, 3, 4].map(() => paymentBody(newMemberNumber()))])
        assert.equal((await bankCall(t.app, noisy.token, 'payments', body)).statusCode, 404);
      assert.equal((await bankCall(t.app, quiet.token, 'payments', paymentBody(newMemberNumber()))).statusCode, 404);
      const member = await payableMember(t.app, quiet);
      assert.equal((await bankCall(t.app, quiet.token, 'payments', paymentBody(member))).statusCode, 200);

      const metrics = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      assert.equal(metrics.statusCode, 200, metrics.body);
      const text = metrics.body;
      assert.equal(sample(text, 'bis_payments_held_total', { client: noisy.clientId }), 5, text);
      assert.equal(sample(text, 'bis_payments_held_total', { client: quiet.clientId }), 1);
    });
  });
}
