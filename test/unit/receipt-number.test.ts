import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newReceiptNumber, RECEIPT_ALPHABET } from '../../src/payments/receipt-number.js';

describe('receipt numbers', () => {
  it('are eight upper-case letters and digits without 0 O 1 I L', () => {
    assert.doesNotMatch(RECEIPT_ALPHABET, /[0O1IL]/);
    for (let i = 0; i < 1000; i++) assert.match(newReceiptNumber(), /^[A-HJKMNP-Z2-9]{8}$/);
  });

  it('use the whole alphabet and do not repeat in a thousand draws', () => {
    const drawn = Array.from({ length: 1000 }, newReceiptNumber);
    assert.equal(new Set(drawn).size, drawn.length);
    assert.equal(new Set(drawn.join('')).size, RECEIPT_ALPHABET.length);
  });
});
