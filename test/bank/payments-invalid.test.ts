import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bankWithToken, paymentBody, putMember } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { type Bank, newMemberNumber, payableMember } from '../support/money-desk.js';
import { assertInvalid, type Body, listPayments, pay } from '../support/payments.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// POST /bank/v1/payments: invalid input is refused with 400 resultCode 4 and records nothing.

for (const kind of databaseKinds()) {
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
}
