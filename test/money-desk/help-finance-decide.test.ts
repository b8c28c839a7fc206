import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { admin, bankWithToken, putMember } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import {
  acceptedPayment,
  type Bank,
  type Entry,
  heldPayment,
  newMemberNumber,
  newReference,
  reconcile,
  statementOf,
} from '../support/money-desk.js';
import { addOperator, asPage, signIn } from '../support/operators.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';

// Nairobi is three hours ahead: a payment at 22:30 UTC on the 19th was made on the 20th there.
const DAY = '2026-11-20';
const PERIOD = { from: DAY, to: DAY };

for (const kind of databaseKinds()) {
  describe(`a run helps finance decide (${kind})`, () => {
    let t: TestApp;
    let bank: Bank;
    before(async () => {
      t = await startTestApp(kind, { config: { timeZone: 'Africa/Nairobi' } });
      bank = await bankWithToken(t.app, 'Family Bank');
    });
    after(() => t.close());

    async function run(entries: Entry[]) {
      const response = await reconcile(t.app, bank.clientId, 'mt940', statementOf('mt940', entries, PERIOD));
      assert.equal(response.statusCode, 201, response.body);
      const id = json(response).reconciliationId as number;
      return {
        id,
        created: json(response),
        read: async (query = '') => json(await admin(t.app, 'GET', `/reconciliations/${id}${query}`)),
      };
    }

    const credit = (amount: string, narration: string, reference = newReference('NN')): Entry => ({
      date: DAY,
      amount,
      credit: true,
      reference,
      narration,
    });

    it('an amount_mismatch shows the notified and the statement amounts and the exact difference, in JSON and CSV', async () => {
      const paid = await acceptedPayment(t.app, bank, { amount: '1500.00', transactionDate: `${DAY}T09:00:00+03:00` });
      const reference = paid.body.transactionReference as string;
      const { id, read } = await run([credit('1450.00', 'MPESA C2B', reference)]);
      const [item] = (await read()).items;
      assert.equal(item.category, 'amount_mismatch');
      assert.equal(item.amount, '1450.00');
      assert.equal(item.payment.amount, '1500.00');
      assert.equal(item.difference, '-50.00');
      assert.equal(item.itemKey, 'line-1');
      assert.equal(item.open, true);
      assert.equal(item.dealtWith, null);

      const csv = (await admin(t.app, 'GET', `/reconciliations/${id}?format=csv`)).body.trim().split(/\r?\n/);
      const header = (csv[0] ?? '').split(',');
      const row = (csv[1] ?? '').split(',');
      assert.equal(row[header.indexOf('difference')], '-50.00');
      assert.equal(row[header.indexOf('paymentAmount')], '1500.00');
      assert.equal(row[header.indexOf('open')], 'yes');
    });

    it('a line never notified suggests the member its narration names by number, else by full name, and held payments of that amount and day', async () => {
      const byNumber = newMemberNumber();
      await putMember(t.app, byNumber, 'Grace Wambui Njoroge');
      const byName = newMemberNumber();
      await putMember(t.app, byName, 'Peter  Ochieng-Odhiambo');
      const twin1 = newMemberNumber();
      const twin2 = newMemberNumber();
      await putMember(t.app, twin1, 'John Kamau');
      await putMember(t.app, twin2, 'JOHN KAMAU');
      const suspended = newMemberNumber();
      await putMember(t.app, suspended, 'Sleepy Member', 'suspended');
      // Held on the 20th in Nairobi (22:30 UTC on the 19th), same amount: suggested. Another day or amount: not.
      const sameDay = await heldPayment(t.app, bank, { amount: '777.00', transactionDate: '2026-11-19T22:30:00Z' });
      await heldPayment(t.app, bank, { amount: '777.00', transactionDate: '2026-11-20T21:30:00Z' });
      await heldPayment(t.app, bank, { amount: '778.00', transactionDate: `${DAY}T10:00:00+03:00` });

      const { read } = await run([
        credit('100.00', `MPESA C2B REF:${byNumber} FROM 254712345678`),
        credit('200.00', 'PESALINK/PETER OCHIENG-ODHIAMBO/SCHOOL FEES'),
        credit('300.00', 'RTGS JOHN KAMAU'),
        credit('400.00', `ACC${byNumber} PAID ${suspended} SLEEPY MEMBER`),
        credit('777.00', 'CASH DEPOSIT BRANCH 12'),
        credit('500.00', `${byNumber} ${byName}`),
      ]);
      const items = (await read('?category=missing_notification')).items;
      const suggestionOf = (line: number) => items.find((item: { line: number }) => item.line === line).suggestion;

      assert.deepEqual(suggestionOf(1), {
        member: { memberNumber: byNumber, fullName: 'Grace Wambui Njoroge', why: 'member number in the text' },
        heldPayments: [],
      });
      assert.deepEqual(suggestionOf(2).member, {
        memberNumber: byName,
        fullName: 'Peter  Ochieng-Odhiambo',
        why: 'name in the text',
      });
      assert.equal(suggestionOf(3), null, 'two members have that name: none is suggested');
      assert.equal(suggestionOf(4), null, 'a number inside a word, and a suspended member, are not suggested');
      assert.equal(suggestionOf(6), null, 'two numbers of two members: none is suggested');
      const held = suggestionOf(5);
      assert.equal(held.member, null);
      assert.deepEqual(
        held.heldPayments.map((p: { paymentId: number }) => p.paymentId),
        [sameDay.paymentId],
      );
      assert.equal(held.heldPayments[0].amount, '777.00');
      assert.equal(held.heldPayments[0].customerRef, '9999999');
      assert.equal(held.heldPayments[0].heldReason, 'customer_not_payable');
    });

    it('the suggested member is recorded in one step, and the line then suggests nothing and is no longer open', async () => {
      const member = newMemberNumber();
      await putMember(t.app, member, 'Akinyi Adhiambo');
      const { id, read } = await run([credit('2500.00', `DEPOSIT FOR ${member}`)]);
      const [line] = (await read()).items;
      assert.equal(line.suggestion.member.memberNumber, member);
      const recorded = await admin(t.app, 'POST', `/reconciliations/${id}/lines/1/record`, {
        customerRef: line.suggestion.member.memberNumber,
        paymentType: 'BRANCH',
        note: 'Suggested member, narration names them',
      });
      assert.equal(recorded.statusCode, 201, recorded.body);
      const after = await read();
      assert.equal(after.items[0].suggestion, null);
      assert.equal(after.items[0].open, false);
      assert.equal(after.open.byCategory.missing_notification, undefined, 'the run has no line open');
    });

    it('finance marks items dealt with, with a note; the run counts what is still open; the mark can be taken off', async () => {
      const paid = await acceptedPayment(t.app, bank, { amount: '1000.00', transactionDate: `${DAY}T08:00:00+03:00` });
      const matched = await acceptedPayment(t.app, bank, { amount: '10.00', transactionDate: `${DAY}T08:00:00+03:00` });
      await acceptedPayment(t.app, bank, { amount: '20.00', transactionDate: `${DAY}T10:00:00+03:00` });
      const { id, created, read } = await run([
        credit('900.00', 'X', paid.body.transactionReference as string),
        credit('10.00', 'Y', matched.body.transactionReference as string),
        credit('55.55', 'UNKNOWN'),
        { date: DAY, amount: '5.00', credit: false, reference: 'CHG', narration: 'FEE' },
      ]);
      const before = await read();
      const notOn = before.items.filter((item: { category: string }) => item.category === 'not_on_statement');
      assert.ok(notOn.length >= 1, 'the payment of 20.00 is not on this statement');
      assert.equal(created.open.count, 2 + notOn.length);
      assert.equal(created.open.byCategory.amount_mismatch, 1);
      assert.equal(created.open.byCategory.missing_notification, 1);
      assert.equal(before.open.count, created.open.count);

      const finance = await addOperator(t.app, 'finance');
      const session = await signIn(t.app, finance.email, finance.password);
      const mark = (key: string, note: unknown, headers = asPage(session)) =>
        t.app.inject({
          method: 'PUT',
          url: `/admin/v1/reconciliations/${id}/items/${key}/dealt-with`,
          headers,
          payload: { note },
        });

      const marked = await mark('line-1', '  Bank confirmed 100.00 charge withheld; member told  ');
      assert.equal(marked.statusCode, 200, marked.body);
      assert.equal(json(marked).dealtWith.by, finance.email);
      assert.equal(json(marked).dealtWith.note, 'Bank confirmed 100.00 charge withheld; member told');
      assert.equal(t.clock.now().toISOString(), json(marked).dealtWith.at);
      assert.equal(json(marked).open, false);
      const paymentKey = notOn[0].itemKey as string;
      assert.match(paymentKey, /^payment-\d+$/);
      assert.equal((await mark(paymentKey, 'On the next day’s statement')).statusCode, 200);

      const now = await read();
      assert.equal(now.open.count, created.open.count - 2);
      assert.equal(now.open.byCategory.amount_mismatch, undefined);
      const openOnes = (await read('?open=true')).items;
      assert.deepEqual(
        openOnes.map((item: { itemKey: string }) => item.itemKey).sort(),
        now.items
          .filter((item: { open: boolean }) => item.open)
          .map((item: { itemKey: string }) => item.itemKey)
          .sort(),
      );
      assert.ok(
        openOnes.every((item: { itemKey: string }) => item.itemKey !== 'line-1' && item.itemKey !== paymentKey),
      );
      assert.ok(openOnes.some((item: { itemKey: string }) => item.itemKey === 'line-3'));
      const closed = (await read('?open=false&category=amount_mismatch')).items;
      assert.deepEqual(
        closed.map((item: { itemKey: string }) => item.itemKey),
        ['line-1'],
      );
      const csv = (await admin(t.app, 'GET', `/reconciliations/${id}?format=csv&open=true`)).body;
      assert.ok(!csv.includes(paid.body.transactionReference as string), 'the dealt-with line is not in the open CSV');

      const audit = json(await admin(t.app, 'GET', '/audit?action=reconciliation.item_dealt_with'));
      const entry = audit.items.find((e: { detail: { item: string } }) => e.detail.item === 'line-1');
      assert.equal(entry.target, String(id));
      assert.equal(entry.targetName, 'Family Bank');
      assert.equal(entry.actor, finance.email);
      assert.equal(entry.detail.note, 'Bank confirmed 100.00 charge withheld; member told');

      assert.equal((await mark('line-2', 'matched')).statusCode, 409);
      assert.equal((await mark('line-4', 'a fee')).statusCode, 409);
      assert.equal((await mark('line-3', '   ')).statusCode, 400);
      assert.equal((await mark('line-3', 'x'.repeat(1001))).statusCode, 400);
      assert.equal((await mark('line-99', 'no such line')).statusCode, 404);
      assert.equal((await mark('line-0', 'bad key')).statusCode, 400);
      assert.equal((await mark('row-3', 'bad key')).statusCode, 400);
      assert.equal((await mark('payment-999999', 'not in this run')).statusCode, 404);
      const viewer = await addOperator(t.app, 'viewer');
      const viewing = await signIn(t.app, viewer.email, viewer.password);
      assert.equal((await mark('line-3', 'a viewer', asPage(viewing))).statusCode, 403);

      const unmark = (key: string) =>
        t.app.inject({
          method: 'DELETE',
          url: `/admin/v1/reconciliations/${id}/items/${key}/dealt-with`,
          headers: asPage(session),
        });
      const reopened = await unmark('line-1');
      assert.equal(reopened.statusCode, 200, reopened.body);
      assert.equal(json(reopened).dealtWith, null);
      assert.equal(json(reopened).open, true);
      assert.equal((await read()).open.count, created.open.count - 1);
      assert.equal((await unmark('line-1')).statusCode, 404);
      const reopenedAudit = json(await admin(t.app, 'GET', '/audit?action=reconciliation.item_reopened'));
      assert.equal(reopenedAudit.items[0].detail.note, 'Bank confirmed 100.00 charge withheld; member told');
    });

    it('a held line is open while its payment is held, and no longer once it is allocated', async () => {
      const held = await heldPayment(t.app, bank, { amount: '640.00', transactionDate: `${DAY}T12:00:00+03:00` });
      const { read } = await run([credit('640.00', 'HELD ONE', held.body.transactionReference as string)]);
      const first = await read('?category=held');
      assert.equal(first.items[0].open, true);
      assert.equal(first.open.byCategory.held, 1);
      const member = newMemberNumber();
      await putMember(t.app, member, 'Held Owner');
      const allocated = await admin(t.app, 'POST', `/payments/${held.paymentId}/allocate`, {
        customerRef: member,
        note: 'Member confirmed',
      });
      assert.equal(allocated.statusCode, 200, allocated.body);
      const later = await read('?category=held');
      assert.equal(later.items[0].open, false);
      assert.equal(later.open.byCategory.held, undefined);
    });
  });
}
