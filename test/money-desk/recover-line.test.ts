import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, bankWithToken } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import {
  acceptedPayment,
  type Bank,
  exportRecordsHolding,
  heldPayment,
  newReference,
  paymentByReference,
  reconcile,
  statementOf,
  unvalidatedMember,
} from '../support/money-desk.js';
import { pay, RECEIPT } from '../support/payments.js';
import { json, useTestApp } from '../support/test-app.js';

const DAY = '2026-11-20';
const PERIOD = { from: DAY, to: DAY };
for (const kind of databaseKinds()) {
  describe(`recovering a missed notification from a statement line (${kind})`, () => {
    const t = useTestApp(kind);
    let bank: Bank;
    let member: string;
    before(async () => {
      bank = await bankWithToken(t.app, 'KCB');
      member = await unvalidatedMember(t.app, { fullName: 'Mary Atieno' });
    });

    /** A statement of one lost credit; the run's id. */
    async function lostCredit(amount = '4200.00', reference = newReference('LOST')) {
      const file = statementOf('mt940', [{ date: DAY, amount, credit: true, reference }], PERIOD);
      const response = await reconcile(t.app, bank.clientId, 'mt940', file);
      assert.equal(response.statusCode, 201, response.body);
      return { id: json(response).reconciliationId as number, reference, amount };
    }

    const record = (id: number, line: number, body: Record<string, unknown> = {}) =>
      admin(t.app, 'POST', `/reconciliations/${id}/lines/${line}/record`, {
        customerRef: member,
        paymentType: 'MPESA',
        note: 'On the statement, never notified',
        ...body,
      });

    it('creates the accepted payment from the line, with a receipt, source statement, in the export once', async () => {
      const lost = await lostCredit('4200.00');
      const response = await record(lost.id, 1);
      assert.equal(response.statusCode, 201, response.body);
      const payment = json(response);
      assert.equal(payment.status, 'accepted');
      assert.equal(payment.source, 'statement');
      assert.match(payment.erpRefId, RECEIPT);
      assert.equal(payment.transactionReference, lost.reference);
      assert.equal(payment.amount, '4200.00');
      assert.equal(payment.currency, 'KES');
      assert.equal(payment.transactionDate, `${DAY}T00:00:00.000Z`);
      assert.equal(payment.memberNumber, member);
      assert.equal(payment.memberName, 'Mary Atieno');
      assert.equal(payment.rawNotification, null);
      assert.equal(payment.history[0].kind, 'recorded_from_statement');
      assert.equal(payment.history[0].note, 'On the statement, never notified');
      assert.equal(payment.history[0].detail.line, 1);

      const line = json(await admin(t.app, 'GET', `/reconciliations/${lost.id}`)).items[0];
      assert.equal(line.recorded, true);
      assert.equal(line.payment.paymentId, payment.paymentId);

      const { records } = await exportRecordsHolding(t.app, (r) => r.erpRefId === payment.erpRefId);
      const exported = records.filter((r) => r.erpRefId === payment.erpRefId);
      assert.equal(exported.length, 1);
      assert.equal(exported[0].source, 'statement');
      assert.equal(exported[0].customerRef, member);
    });

    it("the bank's late notification gets 200 with that receipt and no second payment; another amount 409", async () => {
      const lost = await lostCredit('1250.00');
      const erpRefId = json(await record(lost.id, 1)).erpRefId;
      const late = await pay(t.app, bank, {
        transactionReference: lost.reference,
        paymentType: 'RTGS',
        customerRef: '7654321',
        amount: '1250.00',
        payerName: 'MARY ATIENO',
      });
      assert.equal(late.statusCode, 200, late.body);
      assert.deepEqual(json(late), {
        resultCode: 0,
        message: 'Payment accepted',
        transactionReference: lost.reference,
        erpRefId,
      });
      const listed = json(await admin(t.app, 'GET', `/payments?transactionReference=${lost.reference}`));
      assert.equal(listed.items.length, 1);
      assert.equal(listed.items[0].history, undefined);
      const payment = json(await admin(t.app, 'GET', `/payments/${erpRefId}`));
      assert.deepEqual(
        payment.history.map((entry: { kind: string }) => entry.kind),
        ['recorded_from_statement', 'notified_late'],
      );

      const other = await pay(t.app, bank, {
        transactionReference: lost.reference,
        paymentType: 'MPESA',
        customerRef: member,
        amount: '1250.01',
      });
      assert.equal(other.statusCode, 409, other.body);
      assert.equal(json(other).resultCode, 3);
      const { records } = await exportRecordsHolding(t.app, (r) => r.transactionReference === lost.reference);
      assert.equal(records.filter((r) => r.transactionReference === lost.reference).length, 1);
    });

    it('a line recorded already, a matched line, a debit, a held line, a repeated reference and an unknown line are refused', async () => {
      const accepted = await acceptedPayment(t.app, bank, { amount: '50.00', transactionDate: `${DAY}T09:00:00Z` });
      const held = await heldPayment(t.app, bank, { amount: '60.00' });
      const lostRef = newReference('LOST');
      const file = statementOf(
        'mt940',
        [
          { date: DAY, amount: '50.00', credit: true, reference: accepted.body.transactionReference as string },
          { date: DAY, amount: '60.00', credit: true, reference: held.body.transactionReference as string },
          { date: DAY, amount: '70.00', credit: false, reference: 'FEE1' },
          { date: DAY, amount: '80.00', credit: true, reference: lostRef },
          { date: DAY, amount: '50.00', credit: true, reference: accepted.body.transactionReference as string },
        ],
        PERIOD,
      );
      const id = json(await reconcile(t.app, bank.clientId, 'mt940', file)).reconciliationId;
      const matched = await record(id, 1);
      assert.equal(matched.statusCode, 409);
      assert.match(json(matched).message, /it was notified/);
      const heldLine = await record(id, 2);
      assert.equal(heldLine.statusCode, 409);
      assert.match(json(heldLine).message, /allocate/);
      const debit = await record(id, 3);
      assert.equal(debit.statusCode, 409);
      assert.match(json(debit).message, /not a credit/);
      assert.equal((await record(id, 4)).statusCode, 201);
      const twice = await record(id, 4);
      assert.equal(twice.statusCode, 409);
      assert.match(json(twice).message, /recorded already/);
      const repeated = await record(id, 5);
      assert.equal(repeated.statusCode, 409, 'a second credit under a matched reference is not a missed payment');
      assert.match(json(repeated).message, /same bank reference as line 1/);
      assert.equal((await record(id, 6)).statusCode, 404);
      assert.equal((await record(999999, 1)).statusCode, 404);
    });

    it('two operators recording the same line at once give one payment', async () => {
      const lost = await lostCredit('333.00');
      const answers = await Promise.all([record(lost.id, 1), record(lost.id, 1)]);
      assert.deepEqual(answers.map((a) => a.statusCode).sort(), [201, 409]);
      const listed = json(await admin(t.app, 'GET', `/payments?transactionReference=${lost.reference}`));
      assert.equal(listed.items.length, 1);
    });

    it('a notification that arrived after the run makes the line 409: the payment exists now', async () => {
      const lost = await lostCredit('90.00');
      const notified = await pay(t.app, bank, {
        transactionReference: lost.reference,
        paymentType: 'MPESA',
        customerRef: '9999999',
        amount: '90.00',
      });
      assert.equal(notified.statusCode, 404);
      const refused = await record(lost.id, 1);
      assert.equal(refused.statusCode, 409, refused.body);
      assert.match(json(refused).message, /has a payment under reference/);
      assert.equal((await paymentByReference(t.app, lost.reference)).status, 'held');
    });

    it('the member must exist and be active, the payment type known and a note given', async () => {
      const lost = await lostCredit('12.00');
      assert.equal((await record(lost.id, 1, { customerRef: '1111119' })).statusCode, 409);
      const badType = await record(lost.id, 1, { paymentType: 'BITCOIN' });
      assert.equal(badType.statusCode, 400);
      assert.match(json(badType).message, /^paymentType: must be one of MPESA/);
      assert.equal((await record(lost.id, 1, { note: '' })).statusCode, 400);
      assert.equal((await record(lost.id, 1)).statusCode, 201);
    });
  });
}
