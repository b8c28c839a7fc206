import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseAmount } from '../../src/payments/amount.js';

describe('amount', () => {
  it('gives the exact decimal with two places for strings and numbers alike', () => {
    assert.deepEqual(parseAmount('1500.5'), { ok: true, amount: '1500.50' });
    assert.deepEqual(parseAmount(1500.5), { ok: true, amount: '1500.50' });
    assert.deepEqual(parseAmount('0001500'), { ok: true, amount: '1500.00' });
    assert.deepEqual(parseAmount(' 0.01 '), { ok: true, amount: '0.01' });
    assert.deepEqual(parseAmount('9999999999999.99'), { ok: true, amount: '9999999999999.99' });
    assert.deepEqual(parseAmount(9999999999999.99), { ok: true, amount: '9999999999999.99' });
  });

  it('refuses zero and negative amounts', () => {
    for (const value of ['0', '0.00', 0, '-1', -5]) assert.equal(parseAmount(value).ok, false, String(value));
  });

  it('refuses more than two decimals, more than 13 integer digits, and what is not a decimal', () => {
    for (const value of [
      '1.001',
      0.001,
      '10000000000000',
      1e13,
      1e21,
      '1e3',
      '1,500.00',
      '',
      'abc',
      '.5',
      '5.',
      NaN,
      Infinity,
    ]) {
      assert.equal(parseAmount(value as string | number).ok, false, String(value));
    }
  });
});
