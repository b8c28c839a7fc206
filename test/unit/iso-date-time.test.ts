import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseIsoDateTime } from '../../src/iso-date-time.js';

describe('ISO 8601 date-times (transactionDate, query bounds)', () => {
  it('reads ISO 8601 date-times with Z, an offset, or none (UTC)', () => {
    assert.equal(parseIsoDateTime('2026-11-21T10:15:00Z')?.toISOString(), '2026-11-21T10:15:00.000Z');
    assert.equal(parseIsoDateTime('2026-11-21T10:15:00+03:00')?.toISOString(), '2026-11-21T07:15:00.000Z');
    assert.equal(parseIsoDateTime('2026-11-21T10:15:00.123+0300')?.toISOString(), '2026-11-21T07:15:00.123Z');
    assert.equal(parseIsoDateTime('2026-11-21T10:15:00')?.toISOString(), '2026-11-21T10:15:00.000Z');
    assert.equal(parseIsoDateTime('2026-11-21 10:15')?.toISOString(), '2026-11-21T10:15:00.000Z');
  });

  it('refuses dates that are not on the calendar instead of rolling them over', () => {
    for (const text of [
      '2026-02-30T10:00:00Z',
      '2026-13-01T10:00:00Z',
      '2026-11-21T24:00:00Z',
      '2026-11-21T10:60:00Z',
    ]) {
      assert.equal(parseIsoDateTime(text), undefined, text);
    }
  });

  it('refuses what is not a date-time', () => {
    for (const text of ['yesterday', '2026-11-21', '21/11/2026 10:00', '', '2026-11-21T10:15:00+25:00']) {
      assert.equal(parseIsoDateTime(text), undefined, text);
    }
  });
});
