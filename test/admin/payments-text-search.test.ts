import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { admin, bankCall, bankWithToken, paymentBody, putMember } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { payableMember, paymentByReference } from '../support/money-desk.js';
import { json, useTestApp } from '../support/test-app.js';

// GET /admin/v1/payments?q=: finance types what they have (a part of the bank's reference, a member
// number or name, the payer's name or phone) and finds the payment, whatever the case.

const WANJIRU = '4200001';
const OTIENO = '4200002';
const NJERI = '4200003';
const ACHIENG = '4200004';
const KARIUKI = '4200005';

for (const kind of databaseKinds()) {
  describe(`payments found by any text (${kind})`, () => {
    const t = useTestApp(kind);

    before(async () => {
      const bank = await bankWithToken(t.app, 'Search Bank');
      await payableMember(t.app, bank, 'Grace Wanjiru', WANJIRU);
      await payableMember(t.app, bank, 'Peter Otieno', OTIENO);
      const plan: [string, Record<string, unknown>][] = [
        [WANJIRU, { transactionReference: 'FT26330ABCD1', amount: '100.00', payerPhone: '+254 712 345 678' }],
        [OTIENO, { transactionReference: 'ft-kcb-77_1', amount: '200.00', payerName: 'JAMES MWANGI' }],
        [OTIENO, { transactionReference: 'FT%PLAIN', amount: '300.00', payerPhone: '0733000111' }],
      ];
      for (const [member, overrides] of plan) {
        const response = await bankCall(t.app, bank.token, 'payments', paymentBody(member, overrides));
        assert.equal(response.statusCode, 200, response.body);
      }
      // "achieng" is in a payer's name and a member's name, in both for one payment, the member's
      // alone for another.
      await payableMember(t.app, bank, 'Ruth Achieng', ACHIENG);
      await payableMember(t.app, bank, 'Paul Kariuki', KARIUKI);
      const more: [string, Record<string, unknown>][] = [
        [ACHIENG, { transactionReference: 'BOTH-RA-2', amount: '10.00', payerName: 'RUTH ACHIENG' }],
        [ACHIENG, { transactionReference: 'RA-PLAIN-3', amount: '20.00' }],
        [KARIUKI, { transactionReference: 'ACH-PAYER-4', amount: '40.00', payerName: 'Achieng Mother' }],
      ];
      for (const [member, overrides] of more) {
        const response = await bankCall(t.app, bank.token, 'payments', paymentBody(member, overrides));
        assert.equal(response.statusCode, 200, response.body);
      }
      // Held, so credited to no member: its reference names a suspended one.
      await putMember(t.app, NJERI, 'Mary Njeri', 'suspended');
      await bankCall(t.app, bank.token, 'payments', paymentBody(NJERI, { transactionReference: 'HELD-NJ-1' }));
      assert.equal((await paymentByReference(t.app, 'HELD-NJ-1')).status, 'held');
    });

    const references = async (q: string) => {
      const response = await admin(t.app, 'GET', `/payments?q=${encodeURIComponent(q)}`);
      assert.equal(response.statusCode, 200, response.body);
      return json(response)
        .items.map((payment: { transactionReference: string }) => payment.transactionReference)
        .sort();
    };

    it("finds a part of the bank's reference in any case", async () => {
      assert.deepEqual(await references('abcd'), ['FT26330ABCD1']);
      assert.deepEqual(await references('KCB-77'), ['ft-kcb-77_1']);
      assert.deepEqual(await references('ft'), ['FT%PLAIN', 'FT26330ABCD1', 'ft-kcb-77_1']);
    });

    it("finds the member by number or by a part of the member's name", async () => {
      assert.deepEqual(await references(WANJIRU), ['FT26330ABCD1']);
      assert.deepEqual(await references('otieno'), ['FT%PLAIN', 'ft-kcb-77_1']);
      // Two letters, too few for an index: each payment is tested as it is read.
      assert.deepEqual(await references('pE'), ['FT%PLAIN', 'ft-kcb-77_1']);
    });

    it('finds a held payment by the name of the member its reference names', async () => {
      assert.deepEqual(await references('NJERI'), ['HELD-NJ-1']);
      assert.deepEqual(await references('y nj'), ['HELD-NJ-1']);
    });

    it("finds a payment by its payer's or its member's name once, in the list, its pages and its totals", async () => {
      const found = ['ACH-PAYER-4', 'BOTH-RA-2', 'RA-PLAIN-3'];
      assert.deepEqual(await references('achieng'), found);
      const totals = json(await admin(t.app, 'GET', '/payments/totals?q=achieng'));
      assert.deepEqual(totals, { count: 3, byCurrency: [{ currency: 'KES', count: 3, sum: '70.00' }] });
      for (const order of ['newest', 'oldest']) {
        const paged: string[] = [];
        let cursor = '';
        do {
          const response = await admin(t.app, 'GET', `/payments?q=achieng&order=${order}&limit=1${cursor}`);
          const page = json(response) as { items: { transactionReference: string }[]; nextCursor: string | null };
          paged.push(...page.items.map((payment) => payment.transactionReference));
          cursor = page.nextCursor ? `&cursor=${encodeURIComponent(page.nextCursor)}` : '';
        } while (cursor);
        // Paid in the order they were sent.
        const sent = ['BOTH-RA-2', 'RA-PLAIN-3', 'ACH-PAYER-4'];
        assert.deepEqual(paged, order === 'newest' ? sent.reverse() : sent);
      }
    });

    it("finds the payer's name, and the payer's phone written either way", async () => {
      assert.deepEqual(await references('mwangi'), ['ft-kcb-77_1']);
      assert.deepEqual(await references('712 345'), ['FT26330ABCD1']);
      assert.deepEqual(await references('712345678'), ['FT26330ABCD1']);
      assert.deepEqual(await references('0733-000-111'), ['FT%PLAIN']);
    });

    it('takes % and _ as the characters they are, not as patterns', async () => {
      assert.deepEqual(await references('%'), ['FT%PLAIN']);
      assert.deepEqual(await references('_1'), ['ft-kcb-77_1']);
      assert.deepEqual(await references('nothing like this'), []);
      // Long enough for the indexes: as patterns, these would find FT26330ABCD1 and ft-kcb-77_1.
      assert.deepEqual(await references('T%PLA'), ['FT%PLAIN']);
      assert.deepEqual(await references('FT%ABCD'), []);
      assert.deepEqual(await references('kcb-77_1'), ['ft-kcb-77_1']);
      assert.deepEqual(await references('kcb_77'), []);
    });

    it('narrows the other filters and the totals alike', async () => {
      const found = json(await admin(t.app, 'GET', `/payments?q=otieno&customerRef=${OTIENO}&paymentType=mpesa`));
      assert.equal(found.items.length, 2);
      const totals = json(await admin(t.app, 'GET', '/payments/totals?q=otieno'));
      assert.deepEqual(totals, { count: 2, byCurrency: [{ currency: 'KES', count: 2, sum: '500.00' }] });
    });
  });
}
