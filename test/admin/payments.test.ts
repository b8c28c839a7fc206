import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { assertAdminError, ISO_DATE_TIME } from '../support/admin.js';
import { admin, bankCall, bankWithToken, paymentBody, putMember } from '../support/bank.js';
import { MINUTE } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { json, useTestApp } from '../support/test-app.js';

// The admin API: the payment list, its filters and pages, and one payment by its receipt.

for (const kind of databaseKinds()) {
  describe(`admin API (${kind})`, () => {
    const t = useTestApp(kind);

    describe('payments', () => {
      let bank: { clientId: string; token: string };
      const accepted: { erpRefId: string; transactionReference: string; customerRef: string; sentAt: number }[] = [];
      const held: { transactionReference: string; customerRef: string }[] = [];
      const A = '4000001';
      const B = '4000002';
      const UNVALIDATED = '4000003';

      async function pay(customerRef: string, overrides: Record<string, unknown> = {}) {
        const body = paymentBody(customerRef, overrides);
        const sentAt = t.clock.now().getTime();
        const response = await bankCall(t.app, bank.token, 'payments', body);
        t.clock.advance(MINUTE);
        return { response, body, sentAt };
      }

      before(async () => {
        bank = await bankWithToken(t.app, 'Paying Bank');
        await putMember(t.app, A, 'Atieno Auma');
        await putMember(t.app, B, 'Baraka Bett');
        await putMember(t.app, UNVALIDATED, 'Chebet Cherono');
        for (const ref of [A, B]) {
          const validated = await bankCall(t.app, bank.token, 'validate', { customerRef: ref });
          assert.equal(validated.statusCode, 200, validated.body);
        }
        const plan: [string, Record<string, unknown>][] = [
          [` ${A} `, { amount: 1500.5 }],
          [B, { amount: '0.10', paymentType: 'RTGS' }],
          [A, { amount: '1234567890123.45', paymentType: 'PESALINK' }],
          [B, { amount: '99' }],
          [A, { amount: '250.00', paymentType: 'BRANCH' }],
        ];
        for (const [ref, overrides] of plan) {
          const { response, body, sentAt } = await pay(ref, overrides);
          assert.equal(response.statusCode, 200, response.body);
          accepted.push({
            erpRefId: json(response).erpRefId,
            transactionReference: body.transactionReference,
            customerRef: ref.trim(),
            sentAt,
          });
        }
        for (const ref of [UNVALIDATED, '4999999']) {
          const { response, body } = await pay(ref);
          assert.ok([404, 422].includes(response.statusCode), response.body);
          held.push({ transactionReference: body.transactionReference, customerRef: ref });
        }
      });

      const list = async (query: string) => {
        const response = await admin(t.app, 'GET', `/payments${query}`);
        assert.equal(response.statusCode, 200, `${query}: ${response.body}`);
        const body = json(response);
        assert.ok(Array.isArray(body.items), `no items in ${response.body}`);
        assert.ok('nextCursor' in body, `no nextCursor in ${response.body}`);
        return body as { items: any[]; nextCursor: string | null };
      };
      const refs = (items: any[]) => items.map((item) => item.transactionReference).sort();

      it('lists payments as {items, nextCursor}, with nextCursor null when everything fits', async () => {
        const body = await list('');
        assert.deepEqual(refs(body.items), [...accepted, ...held].map((p) => p.transactionReference).sort());
        assert.equal(body.nextCursor, null);
      });

      it('filters by status=accepted and status=held', async () => {
        const onlyAccepted = await list('?status=accepted');
        assert.deepEqual(refs(onlyAccepted.items), accepted.map((p) => p.transactionReference).sort());
        assert.ok(onlyAccepted.items.every((item) => item.status === 'accepted'));
        const onlyHeld = await list('?status=held');
        assert.deepEqual(refs(onlyHeld.items), held.map((p) => p.transactionReference).sort());
        assert.ok(onlyHeld.items.every((item) => item.status === 'held'));
      });

      it('filters by customerRef, ignoring spaces around it', async () => {
        const ofA = accepted
          .filter((p) => p.customerRef === A)
          .map((p) => p.transactionReference)
          .sort();
        assert.deepEqual(refs((await list(`?customerRef=${A}`)).items), ofA);
        assert.deepEqual(refs((await list(`?customerRef=${encodeURIComponent(` ${A} `)}`)).items), ofA);
        assert.deepEqual(refs((await list(`?customerRef=${UNVALIDATED}`)).items), [held[0]!.transactionReference]);
        assert.deepEqual((await list('?customerRef=4888888')).items, []);
      });

      it('finds a held payment by the customerRef the bank sent, even one that is not seven digits', async () => {
        const { response, body } = await pay('AB-12 ');
        assert.equal(response.statusCode, 404, response.body);
        assert.deepEqual(refs((await list('?customerRef=AB-12')).items), [body.transactionReference]);
        const withNul = await admin(t.app, 'GET', '/payments?customerRef=AB%00');
        assert.equal(withNul.statusCode, 400, withNul.body);
      });

      it('filters by from and to on the time paid (without transactionDate, the time the payment arrived)', async () => {
        // Bounds fall between payments, so neither end's inclusiveness matters.
        const from = new Date(accepted[1]!.sentAt + 30_000).toISOString();
        const to = new Date(accepted[3]!.sentAt + 30_000).toISOString();
        const expected = [accepted[2]!, accepted[3]!].map((p) => p.transactionReference).sort();
        assert.deepEqual(
          refs((await list(`?status=accepted&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)).items),
          expected,
        );
        const onlyFrom = await list(`?status=accepted&from=${encodeURIComponent(from)}`);
        assert.deepEqual(
          refs(onlyFrom.items),
          accepted
            .slice(2)
            .map((p) => p.transactionReference)
            .sort(),
        );
        const onlyTo = await list(`?status=accepted&to=${encodeURIComponent(to)}`);
        assert.deepEqual(
          refs(onlyTo.items),
          accepted
            .slice(0, 4)
            .map((p) => p.transactionReference)
            .sort(),
        );
      });

      it('pages with limit and cursor: every payment exactly once, and nextCursor null on the last page', async () => {
        const seen: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const query: string = `?status=accepted&limit=2${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`;
          const page = await list(query);
          pages += 1;
          assert.ok(page.items.length <= 2, `page ${pages} has ${page.items.length} items`);
          assert.ok(page.items.length > 0 || page.nextCursor === null, `page ${pages} is empty but points to another`);
          seen.push(...page.items.map((item) => item.transactionReference));
          cursor = page.nextCursor;
          assert.ok(pages <= 5, 'the pages do not end');
        } while (cursor !== null);
        assert.equal(seen.length, 5, `saw ${JSON.stringify(seen)}`);
        assert.deepEqual([...seen].sort(), accepted.map((p) => p.transactionReference).sort());
        assert.equal(new Set(seen).size, 5, 'a payment came twice');
        assert.equal(pages, 3);
      });

      it('keeps the filters across pages', async () => {
        const first = await list(`?customerRef=${A}&limit=2`);
        assert.equal(first.items.length, 2);
        assert.notEqual(first.nextCursor, null);
        const second = await list(`?customerRef=${A}&limit=2&cursor=${encodeURIComponent(first.nextCursor!)}`);
        assert.equal(second.nextCursor, null);
        const all = [...first.items, ...second.items];
        assert.ok(all.every((item) => item.customerRef === A));
        assert.deepEqual(
          refs(all),
          accepted
            .filter((p) => p.customerRef === A)
            .map((p) => p.transactionReference)
            .sort(),
        );
      });

      it('answers 400 for a status other than accepted, held or returned, or a from that is not a date', async () => {
        for (const query of ['?status=bogus', '?from=yesterday', '?to=not-a-date']) {
          const response = await admin(t.app, 'GET', `/payments${query}`);
          assert.equal(response.statusCode, 400, `${query}: ${response.body}`);
        }
        const bogus = await admin(t.app, 'GET', '/payments?status=bogus');
        assert.equal(json(bogus).message, 'status: must be one of accepted, held, returned');
      });

      it('shows one payment by its erpRefId, with the amount as an exact decimal string and customerRef trimmed', async () => {
        const expectations = [
          { payment: accepted[0]!, amount: '1500.50', paymentType: 'MPESA' },
          { payment: accepted[1]!, amount: '0.10', paymentType: 'RTGS' },
          { payment: accepted[2]!, amount: '1234567890123.45', paymentType: 'PESALINK' },
          { payment: accepted[3]!, amount: '99.00', paymentType: 'MPESA' },
        ];
        for (const { payment, amount, paymentType } of expectations) {
          const response = await admin(t.app, 'GET', `/payments/${payment.erpRefId}`);
          assert.equal(response.statusCode, 200, response.body);
          const body = json(response);
          assert.equal(body.erpRefId, payment.erpRefId);
          assert.equal(body.amount, amount);
          assert.equal(body.customerRef, payment.customerRef);
          assert.equal(body.transactionReference, payment.transactionReference);
          assert.equal(body.paymentType, paymentType);
          assert.equal(body.status, 'accepted');
          assert.equal(body.clientId, bank.clientId);
          const dates = Object.values(body).filter((v) => typeof v === 'string' && ISO_DATE_TIME.test(v));
          assert.ok(dates.length > 0, `no dates in ${response.body}`);
        }
      });

      it('answers 404 for an unknown erpRefId', async () => {
        for (const erpRefId of ['ZZZZZZZZ', 'nothing']) {
          const response = await admin(t.app, 'GET', `/payments/${erpRefId}`);
          assert.equal(response.statusCode, 404, response.body);
          assertAdminError(json(response));
        }
      });
    });
  });
}
