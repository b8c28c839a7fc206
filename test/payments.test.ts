import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { admin, bankCall, bankWithToken, paymentBody, putMember, tokenFor } from './support/bank.js';
import { HOUR, MINUTE, SECOND } from './support/clock.js';
import { databaseKinds } from './support/databases.js';
import { json, startTestApp, type TestApp } from './support/test-app.js';

type Bank = Awaited<ReturnType<typeof bankWithToken>>;
type Body = Record<string, unknown>;

const RECEIPT = /^[A-HJKMNP-Z2-9]{8}$/;
const CUSTOMER_NOT_FOUND = { resultCode: 1, message: 'Customer not found' };
const NOT_VALIDATED = { resultCode: 2, message: 'Customer not validated' };
/** The 409 to a reference accepted with other details: it names the receipt of the payment that stands. */
const duplicateOf = (erpRefId: string) => ({ resultCode: 3, message: 'Duplicate transactionReference', erpRefId });

// Member Numbers and references are unique per call so tests sharing one app never see each other's rows.
let memberSequence = 3_000_000;
const newMemberNumber = () => String(++memberSequence);
let referenceSequence = 0;
const newReference = (prefix = 'REF') => `${prefix}-${++referenceSequence}`;

function validate(app: FastifyInstance, bank: Bank, customerRef: string) {
  return bankCall(app, bank.token, 'validate', { customerRef });
}

function pay(app: FastifyInstance, bank: Bank, body: Body | string) {
  return bankCall(app, bank.token, 'payments', body);
}

/** An active member this bank has just validated, so a payment for it can only fail on the rule under test. */
async function payableMember(app: FastifyInstance, bank: Bank, fullName = 'Amina Otieno'): Promise<string> {
  const customerRef = newMemberNumber();
  await putMember(app, customerRef, fullName);
  const validated = await validate(app, bank, customerRef);
  assert.equal(validated.statusCode, 200, validated.body);
  return customerRef;
}

// The manual clock also ages access tokens (one hour), so a bank needs a fresh one after the clock moves.
async function renewToken(app: FastifyInstance, bank: Bank): Promise<void> {
  bank.token = await tokenFor(app, bank.clientId, bank.clientSecret);
}

function assertAccepted(response: LightMyRequestResponse, transactionReference: string): string {
  assert.equal(response.statusCode, 200, response.body);
  const body = json(response);
  assert.deepEqual(Object.keys(body).sort(), ['erpRefId', 'message', 'resultCode', 'transactionReference']);
  assert.equal(body.resultCode, 0);
  assert.equal(body.message, 'Payment accepted');
  assert.equal(body.transactionReference, transactionReference);
  assert.match(body.erpRefId, RECEIPT);
  return body.erpRefId;
}

function assertAnswer(
  response: LightMyRequestResponse,
  status: number,
  body: { resultCode: number; message: string; erpRefId?: string },
) {
  assert.equal(response.statusCode, status, response.body);
  assert.deepEqual(json(response), body);
}

/** 400 with resultCode 4 and a message naming the field first, as "<field>: <problem>". */
function assertInvalid(response: LightMyRequestResponse, field: string | RegExp) {
  assert.equal(response.statusCode, 400, response.body);
  const body = json(response);
  assert.deepEqual(Object.keys(body).sort(), ['message', 'resultCode']);
  assert.equal(body.resultCode, 4);
  assert.equal(typeof body.message, 'string');
  if (typeof field === 'string') {
    assert.ok(body.message.startsWith(`${field}: `), `message "${body.message}" should start with "${field}: "`);
    assert.ok(body.message.length > field.length + 2, `message "${body.message}" should say what is wrong`);
  } else {
    assert.match(body.message, field);
  }
}

async function receipt(app: FastifyInstance, erpRefId: string) {
  const response = await admin(app, 'GET', `/payments/${erpRefId}`);
  assert.equal(response.statusCode, 200, response.body);
  return json(response);
}

/** The payment as stored, without the history that each re-send adds to. */
async function stored(app: FastifyInstance, erpRefId: string) {
  const { history: _history, ...payment } = await receipt(app, erpRefId);
  return payment;
}

/** Every page of the admin payment list for a query. */
async function listPayments(app: FastifyInstance, query: Record<string, string> = {}): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ ...query, limit: '500', ...(cursor ? { cursor } : {}) });
    const response = await admin(app, 'GET', `/payments?${params}`);
    assert.equal(response.statusCode, 200, response.body);
    const page = json(response);
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

async function recordsFor(
  app: FastifyInstance,
  clientId: string,
  transactionReference: string,
  query: Record<string, string> = {},
) {
  const all = await listPayments(app, query);
  return all.filter((p) => p.clientId === clientId && p.transactionReference === transactionReference);
}

async function assertHeld(app: FastifyInstance, bank: Bank, transactionReference: string, heldReason: string) {
  const held = await recordsFor(app, bank.clientId, transactionReference, { status: 'held' });
  assert.equal(held.length, 1, `one held record for ${transactionReference}`);
  assert.equal(held[0].status, 'held');
  assert.equal(held[0].heldReason, heldReason);
  assert.equal(held[0].erpRefId, null);
  const accepted = await recordsFor(app, bank.clientId, transactionReference, { status: 'accepted' });
  assert.equal(accepted.length, 0, 'a held payment has no accepted record');
  return held[0];
}

for (const kind of databaseKinds()) {
  describe(`payment notifications (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    describe('acceptance', () => {
      it('accepts a payment for a member validated by the same client: 200 with exactly resultCode 0, message, erpRefId and transactionReference', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member);
        const response = await pay(t.app, bank, body);
        assert.equal(response.statusCode, 200, response.body);
        const erpRefId = json(response).erpRefId;
        assert.deepEqual(json(response), {
          resultCode: 0,
          message: 'Payment accepted',
          erpRefId,
          transactionReference: body.transactionReference,
        });
      });

      it('gives an eight-character receipt of upper-case letters and digits without 0, O, 1, I or L, different for every payment', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const receipts = new Set<string>();
        for (let i = 0; i < 12; i++) {
          const body = paymentBody(member, { amount: `${100 + i}.00` });
          const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
          assert.equal(erpRefId.length, 8);
          assert.doesNotMatch(erpRefId, /[0O1IL]/);
          receipts.add(erpRefId);
        }
        assert.equal(receipts.size, 12);
      });

      it('records the accepted payment as the admin API shows it: exact amount, trimmed customerRef, reference, type, status, client and dates', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const reference = newReference();
        const now = t.clock.now();
        const erpRefId = assertAccepted(
          await pay(t.app, bank, {
            transactionReference: reference,
            paymentType: 'PESALINK',
            customerRef: `  ${member}  `,
            amount: '1500.5',
          }),
          reference,
        );
        const view = await receipt(t.app, erpRefId);
        assert.equal(view.erpRefId, erpRefId);
        assert.equal(view.amount, '1500.50');
        assert.equal(view.customerRef, member);
        assert.equal(view.transactionReference, reference);
        assert.equal(view.paymentType, 'PESALINK');
        assert.equal(view.status, 'accepted');
        assert.equal(view.heldReason, null);
        assert.equal(view.clientId, bank.clientId);
        assert.equal(Date.parse(view.receivedAt), now.getTime());
        assert.equal(Date.parse(view.acceptedAt), now.getTime());
      });

      it('keeps amounts exact at the limits: "9999999999999.99" (13 integer digits) and "0.10"', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        for (const [sent, stored] of [
          ['9999999999999.99', '9999999999999.99'],
          ['0.10', '0.10'],
          ['0.01', '0.01'],
          [0.1, '0.10'],
          [1500.5, '1500.50'],
          ['250', '250.00'],
        ] as const) {
          const body = paymentBody(member, { amount: sent });
          const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
          assert.equal((await receipt(t.app, erpRefId)).amount, stored, `amount ${JSON.stringify(sent)}`);
        }
      });

      it('accepts every listed paymentType: MPESA, RTGS, PESALINK, OTG, BRANCH, CHEQUE', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        for (const paymentType of ['MPESA', 'RTGS', 'PESALINK', 'OTG', 'BRANCH', 'CHEQUE']) {
          const body = paymentBody(member, { paymentType });
          const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
          assert.equal((await receipt(t.app, erpRefId)).paymentType, paymentType);
        }
      });

      it('accepts a transactionReference of 64 characters after trimming and answers it trimmed', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const reference = newReference('LEN64').padEnd(64, 'X');
        assert.equal(reference.length, 64);
        const erpRefId = assertAccepted(
          await pay(t.app, bank, paymentBody(member, { transactionReference: `  ${reference} ` })),
          reference,
        );
        assert.equal((await receipt(t.app, erpRefId)).transactionReference, reference);
      });

      it('accepts the Member Number as additions.customerRef, as some bank gateways nest it', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const reference = newReference();
        const erpRefId = assertAccepted(
          await pay(t.app, bank, {
            transactionReference: reference,
            paymentType: 'MPESA',
            amount: '75.00',
            additions: { customerRef: ` ${member} `, gatewayId: 'GW-7' },
          }),
          reference,
        );
        const view = await receipt(t.app, erpRefId);
        assert.equal(view.customerRef, member);
        assert.equal(view.amount, '75.00');
      });

      it('defaults currency to KES and transactionDate to the time of receipt', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        t.clock.advance(7 * SECOND);
        const receivedAt = t.clock.now();
        const body = paymentBody(member);
        const view = await receipt(t.app, assertAccepted(await pay(t.app, bank, body), body.transactionReference));
        assert.equal(view.currency, 'KES');
        assert.equal(Date.parse(view.transactionDate), receivedAt.getTime());
        for (const field of ['payerName', 'payerAccount', 'payerPhone', 'narration']) {
          assert.ok(view[field] === null || view[field] === undefined, `${field} not sent, so not stored`);
        }
      });

      it('stores the optional fields: currency, transactionDate, payerName, payerAccount, payerPhone, narration', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member, {
          currency: 'USD',
          transactionDate: '2026-11-20T10:15:00+03:00',
          payerName: 'Jane Wanjiru',
          payerAccount: '0110012345678',
          payerPhone: '+254712345678',
          narration: 'Membership fee November',
        });
        const view = await receipt(t.app, assertAccepted(await pay(t.app, bank, body), body.transactionReference));
        assert.equal(view.currency, 'USD');
        assert.equal(Date.parse(view.transactionDate), Date.parse('2026-11-20T07:15:00Z'));
        assert.equal(view.payerName, 'Jane Wanjiru');
        assert.equal(view.payerAccount, '0110012345678');
        assert.equal(view.payerPhone, '+254712345678');
        assert.equal(view.narration, 'Membership fee November');
      });

      it('ignores unknown fields and keeps the raw notification exactly as sent', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const reference = newReference();
        const text =
          `{\n  "transactionReference" : "${reference}",\n  "paymentType": "RTGS",\n  "customerRef": "${member}",\n` +
          `  "amount": 250,\n  "bankBranch": "Westlands",\n  "meta": {"channelId": 7, "tags": ["a", "b"], "note": "caf\\u00e9"}\n}`;
        const erpRefId = assertAccepted(await pay(t.app, bank, text), reference);
        const view = await receipt(t.app, erpRefId);
        assert.equal(view.rawNotification, text);
        assert.equal(view.amount, '250.00');
        assert.equal(view.paymentType, 'RTGS');
      });
    });

    describe('re-sent and duplicate references', () => {
      it('answers a re-send with the same details with 200 and the same receipt, leaving one record', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member);
        const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
        const before = await stored(t.app, erpRefId);
        assert.equal(assertAccepted(await pay(t.app, bank, body), body.transactionReference), erpRefId);
        assert.equal(assertAccepted(await pay(t.app, bank, body), body.transactionReference), erpRefId);
        assert.deepEqual(await stored(t.app, erpRefId), before);
        const { history } = await receipt(t.app, erpRefId);
        assert.deepEqual(
          history.map((event: { kind: string }) => event.kind),
          ['received', 're_sent', 're_sent'],
          'each re-send is in its history',
        );
        assert.equal((await listPayments(t.app, { customerRef: member })).length, 1);
      });

      it('compares amounts as decimals: 1500.5 (number), "1500.5" and "1500.50" are the same payment', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member, { amount: '1500.50' });
        const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
        for (const amount of [1500.5, '1500.5', 1500.5, '1500.50']) {
          assert.equal(
            assertAccepted(await pay(t.app, bank, { ...body, amount }), body.transactionReference),
            erpRefId,
            `amount ${JSON.stringify(amount)}`,
          );
        }
        assert.equal((await receipt(t.app, erpRefId)).amount, '1500.50');
      });

      it('trims transactionReference and customerRef before comparing: surrounding spaces make the same payment', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member);
        const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
        const spaced = {
          ...body,
          transactionReference: `  ${body.transactionReference}\t `,
          customerRef: ` ${member}  `,
        };
        assert.equal(assertAccepted(await pay(t.app, bank, spaced), body.transactionReference), erpRefId);
        assert.equal((await listPayments(t.app, { customerRef: member })).length, 1);
      });

      it('treats a re-send that differs only in fields outside the comparison (narration, payer, transactionDate) as the same payment', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member, {
          narration: 'first',
          payerName: 'A',
          transactionDate: '2026-11-20T10:00:00Z',
        });
        const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
        const before = await stored(t.app, erpRefId);
        const resend = {
          ...body,
          narration: 'second',
          payerName: 'B',
          transactionDate: '2026-11-21T10:00:00Z',
          extra: true,
        };
        assert.equal(assertAccepted(await pay(t.app, bank, resend), body.transactionReference), erpRefId);
        assert.deepEqual(await stored(t.app, erpRefId), before);
      });

      it('refuses the same reference with a different amount, paymentType, member or currency with 409 resultCode 3, and leaves the original untouched', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const otherMember = await payableMember(t.app, bank, 'Brian Kamau');
        const body = paymentBody(member, { amount: '1500.50', paymentType: 'MPESA', currency: 'KES' });
        const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
        const before = await stored(t.app, erpRefId);
        for (const change of [
          { amount: '1500.51' },
          { amount: 1500 },
          { paymentType: 'RTGS' },
          { customerRef: otherMember },
          { customerRef: undefined, additions: { customerRef: otherMember } },
          { currency: 'USD' },
        ]) {
          assertAnswer(await pay(t.app, bank, { ...body, ...change }), 409, duplicateOf(erpRefId));
        }
        const after = await stored(t.app, erpRefId);
        assert.deepEqual(after, before);
        assert.equal(after.amount, '1500.50');
        assert.equal(after.paymentType, 'MPESA');
        assert.equal(after.customerRef, member);
        assert.equal(after.currency, 'KES');
        assert.equal(after.status, 'accepted');
        assert.equal((await listPayments(t.app, { customerRef: otherMember })).length, 0);
        // The original can still be confirmed after the refusals.
        assert.equal(assertAccepted(await pay(t.app, bank, body), body.transactionReference), erpRefId);
      });

      it('keeps an accepted payment final: after the member is suspended, a re-send still gets 200 and the same receipt', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member);
        const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
        t.clock.advance(SECOND);
        await putMember(t.app, member, 'Amina Otieno', 'suspended');
        assert.equal(assertAccepted(await pay(t.app, bank, body), body.transactionReference), erpRefId);
        await putMember(t.app, member, 'Amina Otieno', 'closed');
        assert.equal(assertAccepted(await pay(t.app, bank, body), body.transactionReference), erpRefId);
        const view = await receipt(t.app, erpRefId);
        assert.equal(view.status, 'accepted');
        assert.equal(view.heldReason, null);
      });

      // A lone surrogate has no UTF-8 form: stored, it becomes U+FFFD, so these two are one reference.
      it('treats references that differ only in lone UTF-16 surrogates as the one reference they are stored as', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = (reference: string) =>
          JSON.stringify({ ...paymentBody(member, { amount: '12.00' }), transactionReference: reference });
        const [first, second] = await Promise.all([
          pay(t.app, bank, body('LONE-\ud800')),
          pay(t.app, bank, body('LONE-\udbff')),
        ]);
        const receipts = [first!, second!].map((response) => assertAccepted(response, 'LONE-\ufffd'));
        assert.equal(receipts[0], receipts[1], 'one payment, answered twice');
        const records = await listPayments(t.app, { customerRef: member });
        assert.deepEqual(
          records.map((r) => r.transactionReference),
          ['LONE-\ufffd'],
        );
      });

      it('gives one receipt and one record to 20 identical notifications sent at once', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member, { amount: '320.00' });
        const responses = await Promise.all(Array.from({ length: 20 }, () => pay(t.app, bank, body)));
        const receipts = new Set(responses.map((response) => assertAccepted(response, body.transactionReference)));
        assert.equal(receipts.size, 1);
        const records = await listPayments(t.app, { customerRef: member });
        assert.equal(records.length, 1);
        assert.equal(records[0].erpRefId, [...receipts][0]);
        assert.equal(records[0].status, 'accepted');
      });

      // Notifications that arrive together share a statement: each must still be decided and recorded for itself.
      it('decides and records each of many different notifications sent at once for itself', async () => {
        const bankA = await bankWithToken(t.app, 'Bank Burst A');
        const bankB = await bankWithToken(t.app, 'Bank Burst B');
        const payable = [];
        for (let i = 0; i < 8; i++) payable.push(await payableMember(t.app, bankA, `Burst Payee ${i}`));
        const suspended = await payableMember(t.app, bankA);
        await putMember(t.app, suspended, 'Amina Otieno', 'suspended');
        const validatedByB = newMemberNumber();
        await putMember(t.app, validatedByB, 'Baraka Njoroge');
        assert.equal((await validate(t.app, bankB, validatedByB)).statusCode, 200);
        const earlier = paymentBody(payable[0]!, { amount: '10.00' });
        const earlierReceipt = assertAccepted(await pay(t.app, bankA, earlier), earlier.transactionReference);
        const shared = newReference('BURST');

        const sends: { bank: Bank; body: ReturnType<typeof paymentBody> }[] = [
          ...payable.map((member, i) => ({ bank: bankA, body: paymentBody(member, { amount: `${100 + i}.00` }) })),
          { bank: bankA, body: paymentBody(suspended) },
          { bank: bankA, body: paymentBody('9999998') },
          { bank: bankA, body: paymentBody(validatedByB) },
          { bank: bankB, body: paymentBody(validatedByB, { transactionReference: shared, amount: '77.00' }) },
          { bank: bankA, body: paymentBody(payable[1]!, { transactionReference: shared, amount: '88.00' }) },
          { bank: bankA, body: earlier },
          { bank: bankA, body: { ...earlier, amount: '11.00' } },
        ];
        const answers = await Promise.all(sends.map(({ bank, body }) => pay(t.app, bank, body)));

        const receipts = new Set<string>();
        for (const [i, member] of payable.entries()) {
          const erpRefId = assertAccepted(answers[i]!, sends[i]!.body.transactionReference);
          const view = await receipt(t.app, erpRefId);
          assert.equal(view.customerRef, member, 'attributed to its own member');
          assert.equal(view.amount, `${100 + i}.00`, 'with its own amount');
          assert.equal(view.clientId, bankA.clientId);
          receipts.add(erpRefId);
        }
        assert.equal(receipts.size, payable.length, 'a receipt each');
        assertAnswer(answers[8]!, 404, CUSTOMER_NOT_FOUND);
        assertAnswer(answers[9]!, 404, CUSTOMER_NOT_FOUND);
        assertAnswer(answers[10]!, 422, NOT_VALIDATED);
        const forB = await receipt(t.app, assertAccepted(answers[11]!, shared));
        const forA = await receipt(t.app, assertAccepted(answers[12]!, shared));
        assert.deepEqual([forB.clientId, forB.customerRef, forB.amount], [bankB.clientId, validatedByB, '77.00']);
        assert.deepEqual([forA.clientId, forA.customerRef, forA.amount], [bankA.clientId, payable[1], '88.00']);
        assert.equal(
          assertAccepted(answers[13]!, earlier.transactionReference),
          earlierReceipt,
          're-sent: the same receipt',
        );
        assertAnswer(answers[14]!, 409, duplicateOf(earlierReceipt));
        await assertHeld(t.app, bankA, sends[8]!.body.transactionReference, 'customer_not_payable');
        await assertHeld(t.app, bankA, sends[10]!.body.transactionReference, 'not_validated');
      });

      it('lets another client use the same transactionReference for its own payment, with a different receipt', async () => {
        const bankA = await bankWithToken(t.app, 'Bank A');
        const bankB = await bankWithToken(t.app, 'Bank B');
        const member = await payableMember(t.app, bankA);
        assert.equal((await validate(t.app, bankB, member)).statusCode, 200);
        const reference = newReference('SHARED');
        const first = assertAccepted(
          await pay(t.app, bankA, paymentBody(member, { transactionReference: reference, amount: '100.00' })),
          reference,
        );
        const second = assertAccepted(
          await pay(t.app, bankB, paymentBody(member, { transactionReference: reference, amount: '999.00' })),
          reference,
        );
        assert.notEqual(first, second);
        const viewA = await receipt(t.app, first);
        const viewB = await receipt(t.app, second);
        assert.equal(viewA.clientId, bankA.clientId);
        assert.equal(viewA.amount, '100.00');
        assert.equal(viewB.clientId, bankB.clientId);
        assert.equal(viewB.amount, '999.00');
      });

      it("does not let one client's accepted reference stand in for another client's unvalidated payment (422, not 200 or 409)", async () => {
        const bankA = await bankWithToken(t.app, 'Bank A');
        const bankB = await bankWithToken(t.app, 'Bank B');
        const member = await payableMember(t.app, bankA);
        const body = paymentBody(member);
        assertAccepted(await pay(t.app, bankA, body), body.transactionReference);
        assertAnswer(await pay(t.app, bankB, body), 422, NOT_VALIDATED);
        assertAnswer(await pay(t.app, bankB, { ...body, amount: '1.00' }), 422, NOT_VALIDATED);
      });
    });

    describe('member not payable (404)', () => {
      it('holds a payment for an unknown member: 404 exactly {resultCode 1, "Customer not found"}, held as customer_not_payable, no receipt', async () => {
        const bank = await bankWithToken(t.app);
        const unknown = newMemberNumber();
        const body = paymentBody(unknown);
        assertAnswer(await pay(t.app, bank, body), 404, CUSTOMER_NOT_FOUND);
        const held = await assertHeld(t.app, bank, body.transactionReference, 'customer_not_payable');
        assert.equal(held.customerRef, unknown);
        assert.equal(held.amount, '1500.50');
        assert.equal(held.clientId, bank.clientId);
      });

      for (const status of ['suspended', 'closed']) {
        it(`holds a payment for a ${status} member with 404 (customer_not_payable), even one validated while it was active`, async () => {
          const bank = await bankWithToken(t.app);
          const member = await payableMember(t.app, bank);
          t.clock.advance(SECOND);
          await putMember(t.app, member, 'Amina Otieno', status);
          const body = paymentBody(member);
          assertAnswer(await pay(t.app, bank, body), 404, CUSTOMER_NOT_FOUND);
          await assertHeld(t.app, bank, body.transactionReference, 'customer_not_payable');
        });
      }

      for (const customerRef of ['123456', '12345678', '12345a7', '', '   ', '123 4567', '１２３４５６７']) {
        it(`holds a payment whose customerRef ${JSON.stringify(customerRef)} is not seven digits with 404 (customer_not_payable), not 400`, async () => {
          const bank = await bankWithToken(t.app);
          const body = paymentBody(customerRef);
          assertAnswer(await pay(t.app, bank, body), 404, CUSTOMER_NOT_FOUND);
          await assertHeld(t.app, bank, body.transactionReference, 'customer_not_payable');
        });
      }

      it('holds the payment after a failed validation (member suspended): 404', async () => {
        const bank = await bankWithToken(t.app);
        const member = newMemberNumber();
        await putMember(t.app, member, 'Amina Otieno', 'suspended');
        assert.equal((await validate(t.app, bank, member)).statusCode, 404);
        const body = paymentBody(member);
        assertAnswer(await pay(t.app, bank, body), 404, CUSTOMER_NOT_FOUND);
        await assertHeld(t.app, bank, body.transactionReference, 'customer_not_payable');
      });
    });

    describe('validation required (422)', () => {
      it('holds a payment for an active member never validated: 422 exactly {resultCode 2, "Customer not validated"}, held as not_validated, no receipt', async () => {
        const bank = await bankWithToken(t.app);
        const member = newMemberNumber();
        await putMember(t.app, member, 'Amina Otieno');
        const body = paymentBody(member);
        assertAnswer(await pay(t.app, bank, body), 422, NOT_VALIDATED);
        const held = await assertHeld(t.app, bank, body.transactionReference, 'not_validated');
        assert.equal(held.customerRef, member);
      });

      it('counts only validations by the same client: another client having validated the member gives 422', async () => {
        const bankA = await bankWithToken(t.app, 'Bank A');
        const bankB = await bankWithToken(t.app, 'Bank B');
        const member = await payableMember(t.app, bankB);
        const body = paymentBody(member);
        assertAnswer(await pay(t.app, bankA, body), 422, NOT_VALIDATED);
        await assertHeld(t.app, bankA, body.transactionReference, 'not_validated');
      });

      it('counts a validation within the 24 h default window (23 h 59 min later: 200)', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        t.clock.advance(24 * HOUR - MINUTE);
        await renewToken(t.app, bank);
        const body = paymentBody(member);
        assertAccepted(await pay(t.app, bank, body), body.transactionReference);
      });

      it('stops counting a validation after the 24 h default window (24 h 1 min later: 422, held as not_validated)', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        t.clock.advance(24 * HOUR + MINUTE);
        await renewToken(t.app, bank);
        const body = paymentBody(member);
        assertAnswer(await pay(t.app, bank, body), 422, NOT_VALIDATED);
        await assertHeld(t.app, bank, body.transactionReference, 'not_validated');
      });

      it('counts only validations made since the member last became active (suspended then re-activated: 422 until validated again)', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        t.clock.advance(MINUTE);
        await putMember(t.app, member, 'Amina Otieno', 'suspended');
        t.clock.advance(MINUTE);
        await putMember(t.app, member, 'Amina Otieno', 'active');
        t.clock.advance(MINUTE);
        const body = paymentBody(member);
        assertAnswer(await pay(t.app, bank, body), 422, NOT_VALIDATED);
        await assertHeld(t.app, bank, body.transactionReference, 'not_validated');
        assert.equal((await validate(t.app, bank, member)).statusCode, 200);
        assertAccepted(await pay(t.app, bank, body), body.transactionReference);
      });
    });

    describe('held payments re-sent', () => {
      it('evaluates a held (not validated) payment again with its new details and accepts it once validated: one record, now accepted', async () => {
        const bank = await bankWithToken(t.app);
        const member = newMemberNumber();
        await putMember(t.app, member, 'Amina Otieno');
        const reference = newReference('HELD');
        assertAnswer(
          await pay(t.app, bank, {
            transactionReference: reference,
            paymentType: 'MPESA',
            customerRef: member,
            amount: '100.00',
          }),
          422,
          NOT_VALIDATED,
        );
        await assertHeld(t.app, bank, reference, 'not_validated');
        t.clock.advance(MINUTE);
        assert.equal((await validate(t.app, bank, member)).statusCode, 200);
        const resentAt = t.clock.now();
        const erpRefId = assertAccepted(
          await pay(t.app, bank, {
            transactionReference: reference,
            paymentType: 'RTGS',
            customerRef: member,
            amount: '250.75',
            narration: 'second try',
          }),
          reference,
        );
        const records = await listPayments(t.app, { customerRef: member });
        assert.equal(records.length, 1);
        assert.equal(records[0].status, 'accepted');
        assert.equal(records[0].erpRefId, erpRefId);
        const view = await receipt(t.app, erpRefId);
        assert.equal(view.amount, '250.75');
        assert.equal(view.paymentType, 'RTGS');
        assert.equal(view.narration, 'second try');
        assert.equal(view.heldReason, null);
        assert.equal(Date.parse(view.acceptedAt), resentAt.getTime());
        // Accepted now, so the reference is final with the details of the accepted notification.
        assertAnswer(
          await pay(t.app, bank, {
            transactionReference: reference,
            paymentType: 'MPESA',
            customerRef: member,
            amount: '100.00',
          }),
          409,
          duplicateOf(erpRefId),
        );
      });

      it('evaluates a held (member unknown) payment again once the member exists, is active and validated', async () => {
        const bank = await bankWithToken(t.app);
        const member = newMemberNumber();
        const body = paymentBody(member);
        assertAnswer(await pay(t.app, bank, body), 404, CUSTOMER_NOT_FOUND);
        await assertHeld(t.app, bank, body.transactionReference, 'customer_not_payable');
        t.clock.advance(MINUTE);
        await putMember(t.app, member, 'Amina Otieno');
        assertAnswer(await pay(t.app, bank, body), 422, NOT_VALIDATED);
        await assertHeld(t.app, bank, body.transactionReference, 'not_validated');
        assert.equal((await validate(t.app, bank, member)).statusCode, 200);
        const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
        const records = await recordsFor(t.app, bank.clientId, body.transactionReference);
        assert.equal(records.length, 1);
        assert.equal(records[0].erpRefId, erpRefId);
      });

      it('evaluates a held payment re-sent with a different member against that member', async () => {
        const bank = await bankWithToken(t.app);
        const unknown = newMemberNumber();
        const reference = newReference('HELD');
        assertAnswer(
          await pay(t.app, bank, paymentBody(unknown, { transactionReference: reference })),
          404,
          CUSTOMER_NOT_FOUND,
        );
        const member = await payableMember(t.app, bank);
        const erpRefId = assertAccepted(
          await pay(t.app, bank, paymentBody(` ${member} `, { transactionReference: reference })),
          reference,
        );
        assert.equal((await receipt(t.app, erpRefId)).customerRef, member);
        assert.equal((await recordsFor(t.app, bank.clientId, reference)).length, 1);
        assert.equal((await listPayments(t.app, { customerRef: unknown })).length, 0);
      });

      it('updates a held payment that is re-sent and still fails, keeping one record with the latest details and reason', async () => {
        const bank = await bankWithToken(t.app);
        const member = newMemberNumber();
        await putMember(t.app, member, 'Amina Otieno');
        const body = paymentBody(member, { amount: '10.00' });
        assertAnswer(await pay(t.app, bank, body), 422, NOT_VALIDATED);
        t.clock.advance(SECOND);
        await putMember(t.app, member, 'Amina Otieno', 'suspended');
        assertAnswer(await pay(t.app, bank, { ...body, amount: '20.00' }), 404, CUSTOMER_NOT_FOUND);
        const held = await assertHeld(t.app, bank, body.transactionReference, 'customer_not_payable');
        assert.equal(held.amount, '20.00');
      });
    });

    describe('order of checks: input, duplicate, member, validation', () => {
      it('checks input before the reference: invalid re-send of an accepted reference is 400, not 200 or 409, and the original stays', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member);
        const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
        const before = await receipt(t.app, erpRefId);
        assertInvalid(await pay(t.app, bank, { ...body, amount: '0' }), 'amount');
        assertInvalid(await pay(t.app, bank, { ...body, amount: '1500.505' }), 'amount');
        assertInvalid(await pay(t.app, bank, { ...body, paymentType: 'CASH' }), 'paymentType');
        assertInvalid(await pay(t.app, bank, { ...body, currency: 'KE' }), 'currency');
        assertInvalid(await pay(t.app, bank, { ...body, transactionDate: 'yesterday' }), 'transactionDate');
        assert.deepEqual(await receipt(t.app, erpRefId), before);
      });

      it('checks the reference before the member: after suspension a changed re-send is 409 (not 404), the same one 200', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member);
        const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
        t.clock.advance(SECOND);
        await putMember(t.app, member, 'Amina Otieno', 'suspended');
        assertAnswer(await pay(t.app, bank, { ...body, amount: '1.00' }), 409, duplicateOf(erpRefId));
        assertAnswer(await pay(t.app, bank, { ...body, customerRef: newMemberNumber() }), 409, duplicateOf(erpRefId));
        assert.equal(assertAccepted(await pay(t.app, bank, body), body.transactionReference), erpRefId);
      });

      it('checks the reference before validation: once the validation has expired a changed re-send is 409 (not 422), the same one 200', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member);
        const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
        t.clock.advance(25 * HOUR);
        await renewToken(t.app, bank);
        assertAnswer(await pay(t.app, bank, { ...body, paymentType: 'CHEQUE' }), 409, duplicateOf(erpRefId));
        assert.equal(assertAccepted(await pay(t.app, bank, body), body.transactionReference), erpRefId);
      });

      it('checks the member before validation: a suspended member never validated is 404 (customer_not_payable), not 422', async () => {
        const bank = await bankWithToken(t.app);
        const member = newMemberNumber();
        await putMember(t.app, member, 'Amina Otieno', 'suspended');
        const body = paymentBody(member);
        assertAnswer(await pay(t.app, bank, body), 404, CUSTOMER_NOT_FOUND);
        await assertHeld(t.app, bank, body.transactionReference, 'customer_not_payable');
      });

      it('checks the member before validation: an unknown member never validated is 404, not 422', async () => {
        const bank = await bankWithToken(t.app);
        const body = paymentBody(newMemberNumber());
        assertAnswer(await pay(t.app, bank, body), 404, CUSTOMER_NOT_FOUND);
        await assertHeld(t.app, bank, body.transactionReference, 'customer_not_payable');
      });
    });

    describe('bearer token', () => {
      it('refuses a notification without a valid bearer token with 401 and no body, recording nothing', async () => {
        const bank = await bankWithToken(t.app);
        const member = await payableMember(t.app, bank);
        const body = paymentBody(member);
        const missing = await t.app.inject({
          method: 'POST',
          url: '/bank/v1/payments',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        assert.equal(missing.statusCode, 401);
        assert.equal(missing.body, '');
        const wrong = await bankCall(t.app, `${bank.token}x`, 'payments', body);
        assert.equal(wrong.statusCode, 401);
        assert.equal(wrong.body, '');
        assert.equal((await listPayments(t.app, { customerRef: member })).length, 0);
      });
    });
  });

  describe(`payment notifications: invalid input records nothing (${kind})`, () => {
    let t: TestApp;
    let bank: Bank;
    let member: string;
    let unvalidated: string;
    before(async () => {
      t = await startTestApp(kind);
      bank = await bankWithToken(t.app);
      member = await payableMember(t.app, bank);
      unvalidated = newMemberNumber();
      await putMember(t.app, unvalidated, 'Brian Kamau');
    });
    after(() => t.close());

    // This app only ever receives refused notifications, so its payment list must stay empty.
    async function assertNothingRecorded() {
      assert.deepEqual(await listPayments(t.app), []);
    }

    const valid = (overrides: Body = {}): Body => paymentBody(member, overrides);
    const without = (field: string): Body => {
      const body = valid();
      delete body[field];
      return body;
    };

    for (const field of ['transactionReference', 'paymentType', 'customerRef', 'amount']) {
      it(`requires ${field}: 400 resultCode 4 "${field}: ..."`, async () => {
        assertInvalid(await pay(t.app, bank, without(field)), field);
        await assertNothingRecorded();
      });
    }

    const cases: Array<[string, string, Body]> = [
      ['customerRef as a number', 'customerRef', { customerRef: Number('3000001') }],
      ['customerRef as null', 'customerRef', { customerRef: null }],
      ['amount as a boolean', 'amount', { amount: true }],
      ['amount as null', 'amount', { amount: null }],
      ['transactionReference as a number', 'transactionReference', { transactionReference: 12345 }],
      ['transactionReference empty', 'transactionReference', { transactionReference: '' }],
      ['transactionReference only spaces', 'transactionReference', { transactionReference: '    ' }],
      [
        'transactionReference of 65 characters after trimming',
        'transactionReference',
        { transactionReference: `  ${'R'.repeat(65)}  ` },
      ],
      ['paymentType "mpesa" (not in the list: case matters)', 'paymentType', { paymentType: 'mpesa' }],
      ['paymentType "CASH"', 'paymentType', { paymentType: 'CASH' }],
      ['paymentType empty', 'paymentType', { paymentType: '' }],
      ['amount "0"', 'amount', { amount: '0' }],
      ['amount 0 (number)', 'amount', { amount: 0 }],
      ['amount "0.00"', 'amount', { amount: '0.00' }],
      ['amount negative "-10.00"', 'amount', { amount: '-10.00' }],
      ['amount negative -5 (number)', 'amount', { amount: -5 }],
      ['amount with 3 decimals "10.005"', 'amount', { amount: '10.005' }],
      ['amount with 3 decimals 10.005 (number)', 'amount', { amount: 10.005 }],
      ['amount with 14 integer digits "12345678901234"', 'amount', { amount: '12345678901234' }],
      ['amount with 14 integer digits (number)', 'amount', { amount: 12345678901234 }],
      ['amount "1e3"', 'amount', { amount: '1e3' }],
      ['amount "abc"', 'amount', { amount: 'abc' }],
      ['amount empty', 'amount', { amount: '' }],
      ['currency of 2 letters', 'currency', { currency: 'KE' }],
      ['currency of 4 letters', 'currency', { currency: 'KESH' }],
      ['currency of digits', 'currency', { currency: '404' }],
      ['currency as a number', 'currency', { currency: 404 }],
      [
        'transactionDate "2026-02-30T10:00:00Z" (no such day)',
        'transactionDate',
        { transactionDate: '2026-02-30T10:00:00Z' },
      ],
      ['transactionDate "yesterday"', 'transactionDate', { transactionDate: 'yesterday' }],
      ['payerName far over any length limit', 'payerName', { payerName: 'N'.repeat(10_000) }],
      ['payerAccount far over any length limit', 'payerAccount', { payerAccount: '1'.repeat(10_000) }],
      ['payerPhone far over any length limit', 'payerPhone', { payerPhone: '7'.repeat(10_000) }],
      ['narration far over any length limit', 'narration', { narration: 'x'.repeat(30_000) }],
      [
        'additions.customerRef as a number',
        'additions.customerRef',
        { customerRef: undefined, additions: { customerRef: 3000001 } },
      ],
    ];
    for (const [name, field, overrides] of cases) {
      it(`refuses ${name} with 400 resultCode 4 "${field}: ..."`, async () => {
        const body = valid(overrides);
        for (const key of Object.keys(overrides)) if (overrides[key] === undefined) delete body[key];
        // additions.customerRef is reported under its path or under customerRef, the field it stands for.
        assertInvalid(
          await pay(t.app, bank, body),
          field === 'additions.customerRef' ? /^(additions\.)?customerRef: \S/ : field,
        );
        await assertNothingRecorded();
      });
    }

    const bodyCases: Array<[string, string]> = [
      ['a body that is not JSON', '{"transactionReference": "X", "amount": '],
      ['plain text', 'pay member 3000001'],
      ['a JSON array', JSON.stringify([valid()])],
      ['a JSON string', '"hello"'],
      ['JSON null', 'null'],
      ['an empty body', ''],
    ];
    for (const [name, text] of bodyCases) {
      it(`refuses ${name} with 400 resultCode 4 "<field>: <problem>"`, async () => {
        assertInvalid(await pay(t.app, bank, text), /^[A-Za-z][\w.]*: \S/);
        await assertNothingRecorded();
      });
    }

    it('checks input before the member: an unknown member with an invalid amount is 400, not 404, and is not held', async () => {
      assertInvalid(await pay(t.app, bank, paymentBody(newMemberNumber(), { amount: '-1' })), 'amount');
      assertInvalid(await pay(t.app, bank, paymentBody('12', { paymentType: 'CASH' })), 'paymentType');
      await assertNothingRecorded();
    });

    it('checks input before validation: an unvalidated member with an invalid field is 400, not 422, and is not held', async () => {
      assertInvalid(await pay(t.app, bank, paymentBody(unvalidated, { currency: 'K' })), 'currency');
      assertInvalid(
        await pay(t.app, bank, paymentBody(unvalidated, { transactionReference: ' ' })),
        'transactionReference',
      );
      await assertNothingRecorded();
    });

    it('answers a body over 64 KiB with 413 and a byte-empty body, recording nothing', async () => {
      const text = JSON.stringify(valid({ narration: 'x'.repeat(64 * 1024) }));
      assert.ok(Buffer.byteLength(text) > 64 * 1024);
      const response = await pay(t.app, bank, text);
      assert.equal(response.statusCode, 413);
      assert.equal(response.rawPayload.length, 0);
      await assertNothingRecorded();
    });
  });

  describe(`payment notifications with BIS_REQUIRE_VALIDATION off (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind, { config: { requireValidation: false } })));
    after(() => t.close());

    it('accepts a payment for an active member that no client validated', async () => {
      const bank = await bankWithToken(t.app);
      const member = newMemberNumber();
      await putMember(t.app, member, 'Amina Otieno');
      const body = paymentBody(member);
      const erpRefId = assertAccepted(await pay(t.app, bank, body), body.transactionReference);
      assert.equal((await receipt(t.app, erpRefId)).status, 'accepted');
    });

    it('still holds a payment for a member who cannot be paid now (404, customer_not_payable)', async () => {
      const bank = await bankWithToken(t.app);
      const member = newMemberNumber();
      await putMember(t.app, member, 'Amina Otieno', 'suspended');
      const body = paymentBody(member);
      assertAnswer(await pay(t.app, bank, body), 404, CUSTOMER_NOT_FOUND);
      await assertHeld(t.app, bank, body.transactionReference, 'customer_not_payable');
    });
  });

  describe(`payment notifications with a 10-minute BIS_VALIDATION_WINDOW (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind, { config: { validationWindow: 10 * MINUTE } })));
    after(() => t.close());

    it('counts a validation made 9 minutes before the payment', async () => {
      const bank = await bankWithToken(t.app);
      const member = await payableMember(t.app, bank);
      t.clock.advance(9 * MINUTE);
      const body = paymentBody(member);
      assertAccepted(await pay(t.app, bank, body), body.transactionReference);
    });

    it('does not count a validation made 11 minutes before the payment: 422, held as not_validated', async () => {
      const bank = await bankWithToken(t.app);
      const member = await payableMember(t.app, bank);
      t.clock.advance(11 * MINUTE);
      const body = paymentBody(member);
      assertAnswer(await pay(t.app, bank, body), 422, NOT_VALIDATED);
      await assertHeld(t.app, bank, body.transactionReference, 'not_validated');
    });
  });
}
