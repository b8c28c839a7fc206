import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { normalizeMemberNumber } from '../../src/members/member-number.js';

describe('Member Number', () => {
  it('ignores what trim() removes around seven ASCII digits', () => {
    assert.equal(normalizeMemberNumber(' \t1234567\n '), '1234567');
    assert.equal(normalizeMemberNumber('\u00a01234567\u2003'), '1234567');
  });

  it('names no member otherwise', () => {
    for (const input of ['123456', '12345678', '123 4567', 'abcdefg', '１２３４５６７', '١٢٣٤٥٦٧', '', '+123456']) {
      assert.equal(normalizeMemberNumber(input), undefined, input);
    }
  });
});
