import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { bankCall, bankWithToken, putMember, tokenFor } from './support/bank.js';
import { HOUR, SECOND } from './support/clock.js';
import { databaseKinds } from './support/databases.js';
import { NOT_VALIDATED } from './support/payments.js';
import { json, startTestApp, type TestApp } from './support/test-app.js';

const NOT_FOUND = { resultCode: 1, message: 'Customer not found', customerName: '', customerRef: '' };

let references = 0;
function pay(app: FastifyInstance, token: string, customerRef: string) {
  references += 1;
  return bankCall(app, token, 'payments', {
    transactionReference: `VAL-${references}`,
    paymentType: 'MPESA',
    customerRef,
    amount: '100.00',
  });
}

function assertNotFound(response: LightMyRequestResponse, label: string) {
  assert.equal(response.statusCode, 404, `${label}: ${response.body}`);
  assert.deepEqual(json(response), NOT_FOUND, label);
}

function assertInvalidInput(response: LightMyRequestResponse, label: string) {
  assert.equal(response.statusCode, 400, `${label}: ${response.body}`);
  const body = json(response);
  assert.deepEqual(Object.keys(body).sort(), ['message', 'resultCode'], label);
  assert.equal(body.resultCode, 4, label);
  assert.equal(typeof body.message, 'string', label);
  assert.notEqual(body.message.trim(), '', label);
}

function assertAccepted(response: LightMyRequestResponse, label: string) {
  assert.equal(response.statusCode, 200, `${label}: ${response.body}`);
  assert.equal(json(response).resultCode, 0, label);
}

function assertNotValidated(response: LightMyRequestResponse, label: string) {
  assert.equal(response.statusCode, 422, `${label}: ${response.body}`);
  assert.deepEqual(json(response), NOT_VALIDATED, label);
}

function rawValidate(
  app: FastifyInstance,
  token: string,
  payload: string | undefined,
  contentType = 'application/json',
) {
  return app.inject({
    method: 'POST',
    url: '/bank/v1/validate',
    headers: { authorization: `Bearer ${token}`, ...(payload === undefined ? {} : { 'content-type': contentType }) },
    ...(payload === undefined ? {} : { payload }),
  });
}

for (const kind of databaseKinds()) {
  describe(`POST /bank/v1/validate (${kind})`, () => {
    let t: TestApp;
    let token: string;
    // Tests that move the clock get tokens of their own; this refreshes the shared one after them.
    const freshToken = async () => {
      const bank = await bankWithToken(t.app, 'Validate Bank');
      token = bank.token;
      return bank;
    };

    before(async () => {
      t = await startTestApp(kind);
      await freshToken();
      await putMember(t.app, '1234567', 'Jane Wanjiru');
      await putMember(t.app, '7654321', 'Suspended Sammy Otieno', 'suspended');
      await putMember(t.app, '7654322', 'Closed Carol Achieng', 'closed');
    });
    after(() => t.close());

    describe('found', () => {
      it('answers 200 with exactly resultCode 0, "Customer found", the full name and the Member Number', async () => {
        const response = await bankCall(t.app, token, 'validate', { customerRef: '1234567' });
        assert.equal(response.statusCode, 200, response.body);
        assert.deepEqual(json(response), {
          resultCode: 0,
          message: 'Customer found',
          customerName: 'Jane Wanjiru',
          customerRef: '1234567',
        });
      });

      it('ignores surrounding whitespace (everything String.prototype.trim removes) and answers the trimmed Member Number', async () => {
        const padded = [
          ' 1234567 ',
          '   1234567',
          '1234567   ',
          '\t1234567\t',
          '\n1234567\n',
          ' \r\n\t1234567\t\r\n ',
          '\v\f1234567\f\v',
          '\u00a01234567\u00a0',
          '\u20031234567\u3000',
          '\ufeff1234567\u2028',
        ];
        for (const customerRef of padded) {
          assert.notEqual(customerRef.trim(), customerRef, 'each case really carries trimmable whitespace');
          const response = await bankCall(t.app, token, 'validate', { customerRef });
          assert.equal(response.statusCode, 200, `${JSON.stringify(customerRef)}: ${response.body}`);
          assert.deepEqual(
            json(response),
            { resultCode: 0, message: 'Customer found', customerName: 'Jane Wanjiru', customerRef: '1234567' },
            JSON.stringify(customerRef),
          );
        }
      });

      it('ignores other fields in the body', async () => {
        const response = await bankCall(t.app, token, 'validate', {
          customerRef: '1234567',
          channel: 'MPESA',
          extra: { a: 1 },
        });
        assert.equal(response.statusCode, 200, response.body);
        assert.equal(json(response).customerRef, '1234567');
      });
    });

    describe('not found', () => {
      it('answers 404 with exactly resultCode 1, "Customer not found" and empty strings for an unknown member', async () => {
        assertNotFound(await bankCall(t.app, token, 'validate', { customerRef: '9999999' }), 'unknown member');
      });

      it('answers 404 not found for a string that is not exactly seven ASCII digits after trimming', async () => {
        const cases: Record<string, string> = {
          'six digits': '123456',
          'eight digits': '12345678',
          'eight digits with the member as prefix, padded': ' 12345678 ',
          letters: 'abcdefg',
          'digits and a letter': '123456a',
          'inner space': '123 4567',
          'inner tab': '1234\t567',
          'Arabic-Indic digits': '١٢٣٤٥٦٧',
          'Extended Arabic-Indic digits': '۱۲۳۴۵۶۷',
          'fullwidth digits': '１２３４５６７',
          'Devanagari digits': '१२३४५६७',
          'signed number': '+123456',
          'decimal point': '123456.',
          'empty string': '',
          'only whitespace': '   \t ',
          'member number with a NUL after it': '1234567\u0000',
          'member number with a zero-width space (not trimmed)': '1234567\u200b',
        };
        for (const [label, customerRef] of Object.entries(cases)) {
          assertNotFound(await bankCall(t.app, token, 'validate', { customerRef }), label);
        }
      });

      it('answers 404 not found for a suspended member and never shows the name', async () => {
        const response = await bankCall(t.app, token, 'validate', { customerRef: '7654321' });
        assertNotFound(response, 'suspended');
        assert.ok(!response.body.includes('Sammy'), response.body);
        assert.ok(!response.body.includes('Otieno'), response.body);
      });

      it('answers 404 not found for a closed member and never shows the name', async () => {
        const response = await bankCall(t.app, token, 'validate', { customerRef: ' 7654322 ' });
        assertNotFound(response, 'closed');
        assert.ok(!response.body.includes('Carol'), response.body);
        assert.ok(!response.body.includes('Achieng'), response.body);
      });
    });

    describe('a member who cannot be paid now can become valid later', () => {
      it('answers 404 while suspended and 200 again once active', async () => {
        await putMember(t.app, '2000001', 'Peter Kamau');
        assert.equal((await bankCall(t.app, token, 'validate', { customerRef: '2000001' })).statusCode, 200);

        await putMember(t.app, '2000001', 'Peter Kamau', 'suspended');
        const suspended = await bankCall(t.app, token, 'validate', { customerRef: '2000001' });
        assertNotFound(suspended, 'suspended');
        assert.ok(!suspended.body.includes('Kamau'));

        await putMember(t.app, '2000001', 'Peter Kamau', 'active');
        const again = await bankCall(t.app, token, 'validate', { customerRef: '2000001' });
        assert.equal(again.statusCode, 200, again.body);
        assert.deepEqual(json(again), {
          resultCode: 0,
          message: 'Customer found',
          customerName: 'Peter Kamau',
          customerRef: '2000001',
        });
      });

      it('answers 404 for an unknown member and 200 once the member is added', async () => {
        assertNotFound(await bankCall(t.app, token, 'validate', { customerRef: '2000002' }), 'before');
        await putMember(t.app, '2000002', 'Grace Njeri');
        assert.equal((await bankCall(t.app, token, 'validate', { customerRef: '2000002' })).statusCode, 200);
      });
    });

    describe('invalid input', () => {
      it('answers 400 with exactly resultCode 4 and a message when the body is not JSON', async () => {
        assertInvalidInput(await rawValidate(t.app, token, '{customerRef: 1234567'), 'broken JSON');
        assertInvalidInput(await rawValidate(t.app, token, 'customerRef=1234567'), 'form text sent as JSON');
        assertInvalidInput(
          await rawValidate(t.app, token, '{"customerRef":"1234567"} trailing'),
          'JSON with trailing text',
        );
      });

      it('answers 400 with resultCode 4 when the body is empty', async () => {
        assertInvalidInput(await rawValidate(t.app, token, ''), 'empty JSON body');
        assertInvalidInput(await rawValidate(t.app, token, undefined), 'no body at all');
      });

      it('answers 400 with resultCode 4 when the body is not JSON but another content type', async () => {
        assertInvalidInput(
          await rawValidate(t.app, token, 'customerRef=1234567', 'application/x-www-form-urlencoded'),
          'form body',
        );
        assertInvalidInput(
          await rawValidate(t.app, token, '{"customerRef":"1234567"}', 'text/plain'),
          'text/plain body',
        );
      });

      it('answers 400 with resultCode 4 when the JSON is not an object (array, string, number, null)', async () => {
        for (const payload of ['[]', '[{"customerRef":"1234567"}]', '"1234567"', '1234567', 'null', 'true']) {
          assertInvalidInput(await rawValidate(t.app, token, payload), payload);
        }
      });

      it('answers 400 with resultCode 4 when customerRef is missing', async () => {
        assertInvalidInput(await bankCall(t.app, token, 'validate', {}), 'empty object');
        assertInvalidInput(
          await bankCall(t.app, token, 'validate', { customerref: '1234567' }),
          'wrong case of the field name',
        );
        assertInvalidInput(
          await bankCall(t.app, token, 'validate', { additions: { customerRef: '1234567' } }),
          'nested only',
        );
      });

      it('answers 400 with resultCode 4 when customerRef is not a string (number, null, object, array, boolean)', async () => {
        for (const customerRef of [1234567, null, { value: '1234567' }, ['1234567'], true]) {
          assertInvalidInput(await bankCall(t.app, token, 'validate', { customerRef }), JSON.stringify(customerRef));
        }
      });
    });

    describe('body size', () => {
      it('answers 413 with a byte-empty body when the body is over 16 KiB', async () => {
        const payload = JSON.stringify({ customerRef: '1234567', padding: 'x'.repeat(16 * 1024) });
        assert.ok(Buffer.byteLength(payload) > 16 * 1024);
        const response = await rawValidate(t.app, token, payload);
        assert.equal(response.statusCode, 413, response.body);
        assert.equal(response.rawPayload.length, 0);
        assert.equal(response.body, '');
      });

      it('accepts a body of exactly 16 KiB', async () => {
        const skeleton = JSON.stringify({ customerRef: '1234567', padding: '' });
        const payload = JSON.stringify({
          customerRef: '1234567',
          padding: 'x'.repeat(16 * 1024 - Buffer.byteLength(skeleton)),
        });
        assert.equal(Buffer.byteLength(payload), 16 * 1024);
        const response = await rawValidate(t.app, token, payload);
        assert.equal(response.statusCode, 200, response.body);
      });
    });

    describe('a successful validation is recorded and lets the same client be paid', () => {
      it('gives 422 "Customer not validated" for a payment with no validation, and 200 once the same client validated', async () => {
        const bank = await bankWithToken(t.app, 'Bank A');
        await putMember(t.app, '3000001', 'Mary Atieno');
        assertNotValidated(await pay(t.app, bank.token, '3000001'), 'before validation');
        assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '3000001' })).statusCode, 200);
        assertAccepted(await pay(t.app, bank.token, '3000001'), 'after validation');
      });

      // Simultaneous validations share a statement: each must still get its own answer and record.
      it('answers and records each of many simultaneous validations from two clients for itself', async () => {
        const first = await bankWithToken(t.app, 'Bank Burst A');
        const second = await bankWithToken(t.app, 'Bank Burst B');
        const refs = Array.from({ length: 20 }, (_, i) => String(3100000 + i));
        for (const [i, ref] of refs.entries())
          await putMember(t.app, ref, `Burst Member ${i}`, i % 5 === 4 ? 'suspended' : 'active');
        // Even members are asked by the first client, odd by the second; 3199999 is nobody.
        const asked = [
          ...refs.map((ref, i) => ({ bank: i % 2 === 0 ? first : second, ref })),
          { bank: first, ref: '3199999' },
        ];
        const answers = await Promise.all(
          asked.map(({ bank, ref }) => bankCall(t.app, bank.token, 'validate', { customerRef: ` ${ref}` })),
        );
        for (const [i, answer] of answers.entries()) {
          const { ref } = asked[i]!;
          if (i < refs.length && i % 5 !== 4) {
            assert.equal(answer.statusCode, 200, `${ref}: ${answer.body}`);
            assert.deepEqual(json(answer), {
              resultCode: 0,
              message: 'Customer found',
              customerName: `Burst Member ${i}`,
              customerRef: ref,
            });
          } else {
            assertNotFound(answer, ref);
          }
        }
        for (const [i, ref] of refs.entries()) {
          if (i % 5 === 4) continue;
          const [validator, other] = i % 2 === 0 ? [first, second] : [second, first];
          assertNotValidated(await pay(t.app, other.token, ref), `${ref} by the client that did not validate`);
          assertAccepted(await pay(t.app, validator.token, ref), `${ref} by the client that validated`);
        }
      });

      it('records the validation under the trimmed Member Number', async () => {
        const bank = await bankWithToken(t.app, 'Bank Trim');
        await putMember(t.app, '3000002', 'John Mwangi');
        assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '\t 3000002 \n' })).statusCode, 200);
        assertAccepted(await pay(t.app, bank.token, '3000002'), 'paid with the bare number');
      });

      it("does not count another client's validation", async () => {
        const validator = await bankWithToken(t.app, 'Bank Validator');
        const other = await bankWithToken(t.app, 'Bank Other');
        await putMember(t.app, '3000003', 'Ann Chebet');
        assert.equal((await bankCall(t.app, validator.token, 'validate', { customerRef: '3000003' })).statusCode, 200);
        assertNotValidated(await pay(t.app, other.token, '3000003'), 'other client');
        assertAccepted(await pay(t.app, validator.token, '3000003'), 'validating client');
      });

      it('does not record a validation that found no payable member', async () => {
        const bank = await bankWithToken(t.app, 'Bank Early');
        await putMember(t.app, '3000004', 'Daniel Kiprop', 'suspended');
        assertNotFound(await bankCall(t.app, bank.token, 'validate', { customerRef: '3000004' }), 'while suspended');
        assertNotFound(await bankCall(t.app, bank.token, 'validate', { customerRef: '3000005' }), 'while unknown');
        t.clock.advance(SECOND);
        await putMember(t.app, '3000004', 'Daniel Kiprop', 'active');
        await putMember(t.app, '3000005', 'Esther Wambui', 'active');
        t.clock.advance(SECOND);
        assertNotValidated(await pay(t.app, bank.token, '3000004'), 'was suspended at validation');
        assertNotValidated(await pay(t.app, bank.token, '3000005'), 'was unknown at validation');
      });

      it('stops counting a validation once the member was suspended and reactivated, until validated again', async () => {
        const bank = await bankWithToken(t.app, 'Bank Reactivation');
        await putMember(t.app, '3000006', 'Faith Nyambura');
        assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '3000006' })).statusCode, 200);
        t.clock.advance(SECOND);
        await putMember(t.app, '3000006', 'Faith Nyambura', 'suspended');
        t.clock.advance(SECOND);
        await putMember(t.app, '3000006', 'Faith Nyambura', 'active');
        t.clock.advance(SECOND);
        assertNotValidated(await pay(t.app, bank.token, '3000006'), 'old validation');
        assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '3000006' })).statusCode, 200);
        assertAccepted(await pay(t.app, bank.token, '3000006'), 'validated again');
      });

      it('stops counting a validation once the member was closed and reactivated', async () => {
        const bank = await bankWithToken(t.app, 'Bank Closed');
        await putMember(t.app, '3000007', 'George Omondi');
        assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '3000007' })).statusCode, 200);
        t.clock.advance(SECOND);
        await putMember(t.app, '3000007', 'George Omondi', 'closed');
        t.clock.advance(SECOND);
        await putMember(t.app, '3000007', 'George Omondi', 'active');
        t.clock.advance(SECOND);
        assertNotValidated(await pay(t.app, bank.token, '3000007'), 'old validation');
      });

      // The rule is about the order of events, so it must hold even when they share a clock reading.
      it('stops counting a validation made before a suspend and reactivate that happen within the same instant', async () => {
        const bank = await bankWithToken(t.app, 'Bank Same Instant');
        await putMember(t.app, '3000008', 'Hannah Wairimu');
        assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '3000008' })).statusCode, 200);
        await putMember(t.app, '3000008', 'Hannah Wairimu', 'suspended');
        await putMember(t.app, '3000008', 'Hannah Wairimu', 'active');
        assertNotValidated(await pay(t.app, bank.token, '3000008'), 'old validation');
      });

      it('keeps counting a validation when the member is updated without leaving active', async () => {
        const bank = await bankWithToken(t.app, 'Bank Rename');
        await putMember(t.app, '3000009', 'Ian Mutua');
        assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '3000009' })).statusCode, 200);
        t.clock.advance(SECOND);
        await putMember(t.app, '3000009', 'Ian K. Mutua', 'active');
        assertAccepted(await pay(t.app, bank.token, '3000009'), 'still active');
      });

      it('counts a validation within 24 hours and stops counting it once it is older than 24 hours', async () => {
        const bank = await bankWithToken(t.app, 'Bank Window');
        await putMember(t.app, '3000010', 'Joyce Akinyi');
        assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '3000010' })).statusCode, 200);

        t.clock.advance(23 * HOUR);
        // Access tokens last an hour, so each step after a jump needs a new one.
        const within = await tokenFor(t.app, bank.clientId, bank.clientSecret);
        assertAccepted(await pay(t.app, within, '3000010'), 'validated 23 h ago');

        t.clock.advance(HOUR + SECOND);
        const beyond = await tokenFor(t.app, bank.clientId, bank.clientSecret);
        assertNotValidated(await pay(t.app, beyond, '3000010'), 'validated 24 h + 1 s ago');

        assert.equal((await bankCall(t.app, beyond, 'validate', { customerRef: '3000010' })).statusCode, 200);
        assertAccepted(await pay(t.app, beyond, '3000010'), 'validated again');
        await freshToken();
      });
    });
  });
}
