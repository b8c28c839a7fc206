import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountChecker, readStatementAccounts } from '../../src/reconciliation/statement-accounts.js';

describe("a statement's account, compared with the bank's accounts on file", () => {
  const isOwn = accountChecker(['NL69INGB0123456789', '0100012345', 'KE12 EQBL 0000 1234 5678 90']);

  it('is the same account written with spaces, in another case, after a bank code or before its currency', () => {
    for (const written of [
      'NL69INGB0123456789EUR',
      'nl69 ingb 0123 4567 89',
      '0100012345/KES',
      '0100012345 KES',
      '01000-12345',
      'EQBLKENA/0100012345',
      'EQBLKENA/KE12EQBL00001234567890',
      'KE12EQBL00001234567890KES',
    ])
      assert.equal(isOwn(written), true, written);
  });

  it('is another account when its number differs, even with the same bank code or currency', () => {
    for (const written of ['0100012346', 'EQBLKENA/0100012346', 'NL69INGB0123456780EUR', 'KES', 'EQBLKENA'])
      assert.equal(isOwn(written), false, written);
    assert.equal(accountChecker(['EQBLKENA/0100099999', 'X/KES'])('Y/KES'), false, 'a currency alone names nothing');
  });

  it('takes every account as the bank’s when it has none on file, and an unnamed account always', () => {
    assert.equal(accountChecker([])('ANY'), true);
    assert.equal(isOwn(null), true);
  });

  it('keeps each account once, as first written, and refuses empty ones', () => {
    assert.deepEqual(readStatementAccounts([' 0100012345 ', '0100 012345', 'NL69INGB0123456789']), [
      '0100012345',
      'NL69INGB0123456789',
    ]);
    assert.throws(() => readStatementAccounts(['  ']), /1 to 64 characters/);
  });
});
