import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, bankCall, bankWithToken, paymentBody, putMember } from '../support/bank.js';
import { SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { json, useTestApp } from '../support/test-app.js';

// GET /admin/v1/payments?include=heldCase: each held payment of the page with what its reason comes to
// in its case (the member it names as they are now, or those the payer may have meant), so the held
// queue says it without a call for each row.

type Listed = { transactionReference: string; status: string; heldReason: string | null; heldCase?: unknown };

for (const kind of databaseKinds()) {
  describe(`held payments' cases in the list (${kind})`, () => {
    const t = useTestApp(kind);
    /** The reference each payment was notified under, by what it is. */
    const sent = new Map<string, string>();

    async function notify(name: string, customerRef: string, answer: number) {
      const body = paymentBody(customerRef, { transactionReference: `CASE-${name}` });
      const response = await bankCall(t.app, bank.token, 'payments', body);
      assert.equal(response.statusCode, answer, `${name}: ${response.body}`);
      sent.set(name, body.transactionReference);
      t.clock.advance(SECOND);
    }
    let bank: Awaited<ReturnType<typeof bankWithToken>>;

    before(async () => {
      bank = await bankWithToken(t.app, 'Case Bank');
      await putMember(t.app, '5100001', 'Achieng Atieno', 'closed');
      await putMember(t.app, '5100002', 'Baraka Bett', 'suspended');
      await putMember(t.app, '5100003', 'Chebet Cherono', 'suspended');
      await putMember(t.app, '5100004', 'Otieno Kamau', 'active');
      await putMember(t.app, '5100005', 'Wanjiru Njeri', 'active');
      // Around 5200002, which no member has: four active one slip away, and a closed one.
      for (const [number, name, status] of [
        ['5200001', 'Amina One', 'active'],
        ['5200003', 'Closed Near', 'closed'],
        ['5200012', 'Baraka Swapped', 'active'],
        ['5200020', 'Chebet Turned', 'active'],
        ['5200021', 'Dalmas Added', 'active'],
      ]) {
        await putMember(t.app, number as string, name as string, status);
      }
      assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '5100005' })).statusCode, 200);

      await notify('closed', '5100001', 404);
      await notify('suspended', '5100002', 404);
      await notify('active-now', '5100003', 404);
      await putMember(t.app, '5100003', 'Chebet Cherono', 'active');
      await notify('not-validated', '5100004', 422);
      // A reference with no number near it before those with some: each keeps its own members.
      await notify('no-number', 'ABC-123', 404);
      await notify('near', '5200002', 404);
      await notify('near-again', '5200002', 404);
      await notify('near-longer', '52000211', 404);
      await notify('nobody-near', '8888888', 404);
      await notify('accepted', '5100005', 200);
    });

    const list = async (query: string): Promise<Listed[]> => {
      const response = await admin(t.app, 'GET', `/payments?${query}`);
      assert.equal(response.statusCode, 200, response.body);
      return json(response).items;
    };
    const caseOf = (items: Listed[], name: string) => {
      const item = items.find((one) => one.transactionReference === sent.get(name));
      assert.ok(item, `${name} is listed`);
      return item.heldCase;
    };

    it('says the status now of the member a held payment names: closed, suspended, or active since', async () => {
      const items = await list('status=held&order=oldest&include=heldCase');
      assert.deepEqual(caseOf(items, 'closed'), { memberStatus: 'closed', nearMembers: [] });
      assert.deepEqual(caseOf(items, 'suspended'), { memberStatus: 'suspended', nearMembers: [] });
      assert.deepEqual(caseOf(items, 'active-now'), { memberStatus: 'active', nearMembers: [] });
    });

    it('gives a payment the bank did not validate the member it names', async () => {
      const items = await list('status=held&include=heldCase');
      const notValidated = items.find((one) => one.transactionReference === sent.get('not-validated'));
      assert.equal(notValidated?.heldReason, 'not_validated');
      assert.deepEqual(notValidated?.heldCase, { memberStatus: 'active', nearMembers: [] });
    });

    it('names for a number no member has the first three active members one slip away, as the members search does', async () => {
      const items = await list('status=held&include=heldCase');
      const expected = {
        memberStatus: null,
        nearMembers: [
          { customerRef: '5200001', fullName: 'Amina One' },
          { customerRef: '5200012', fullName: 'Baraka Swapped' },
          { customerRef: '5200020', fullName: 'Chebet Turned' },
        ],
      };
      assert.deepEqual(caseOf(items, 'near'), expected);
      assert.deepEqual(caseOf(items, 'near-again'), expected, 'the same number sent twice, the same members');
      const search = await admin(t.app, 'GET', '/members?near=5200002&status=active&limit=3');
      assert.deepEqual(
        json(search).items.map(({ customerRef, fullName }: { customerRef: string; fullName: string }) => ({
          customerRef,
          fullName,
        })),
        expected.nearMembers,
      );
      assert.deepEqual(caseOf(items, 'near-longer'), {
        memberStatus: null,
        nearMembers: [{ customerRef: '5200021', fullName: 'Dalmas Added' }],
      });
    });

    it('names no one when no active member is near the number, or what was sent is no number', async () => {
      const items = await list('status=held&include=heldCase');
      assert.deepEqual(caseOf(items, 'nobody-near'), { memberStatus: null, nearMembers: [] });
      assert.deepEqual(caseOf(items, 'no-number'), { memberStatus: null, nearMembers: [] });
    });

    it('follows the register: a member added under the number sent is named in the next read', async () => {
      await putMember(t.app, '8888888', 'Late Comer', 'suspended');
      const items = await list('status=held&include=heldCase');
      assert.deepEqual(caseOf(items, 'nobody-near'), { memberStatus: 'suspended', nearMembers: [] });
    });

    it('is only on held payments, only when asked for, and on every page of the queue', async () => {
      const every = await list('include=heldCase');
      assert.equal(caseOf(every, 'accepted'), undefined, 'an accepted payment has none');
      assert.ok(caseOf(every, 'closed'), 'a held payment in the same page has one');
      assert.ok(
        (await list('status=held')).every((item) => !('heldCase' in item)),
        'without include, no payment has one',
      );
      const first = await admin(t.app, 'GET', '/payments?status=held&order=oldest&include=heldCase&limit=4');
      const next = await list(`status=held&order=oldest&include=heldCase&limit=4&cursor=${json(first).nextCursor}`);
      assert.deepEqual(caseOf(next, 'near'), caseOf(await list('status=held&include=heldCase'), 'near'));
    });

    it('refuses an include it does not know with 400', async () => {
      const response = await admin(t.app, 'GET', '/payments?include=everything');
      assert.equal(response.statusCode, 400, response.body);
      assert.match(json(response).message, /include/);
    });
  });
}
