import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { randomId, randomToken, secretsEqual } from '../../src/secrets.js';

describe('generated credentials', () => {
  it('makes client IDs of letters and digits only, so a command line never reads one as an option', () => {
    for (let i = 0; i < 1000; i++) assert.match(randomId(), /^[A-Za-z0-9]{16}$/);
  });

  it('makes secrets of 256 bits in the unreserved alphabet', () => {
    for (let i = 0; i < 100; i++) assert.match(randomToken(32), /^[A-Za-z0-9_-]{43}$/);
  });

  it('compares secrets of any length', () => {
    assert.equal(secretsEqual('abc', 'abc'), true);
    assert.equal(secretsEqual('abc', 'abcd'), false);
    assert.equal(secretsEqual('', 'x'), false);
  });
});
