import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { localDateTime, localDateTimes } from '../../src/time-zone.js';

// localDateTimes is localDateTime made fast for long lists: it must never say another time.

describe('local times for a long list', () => {
  it('say what localDateTime says, minute by minute, across changes of the clocks', () => {
    const days: [string, string][] = [
      ['Africa/Nairobi', '2026-11-20T00:00:00Z'],
      ['Europe/London', '2026-03-29T00:00:00Z'],
      ['Europe/London', '2026-10-25T00:00:00Z'],
      // Half-hour offsets and a change at half past the UTC hour; a half-hour change of the clocks.
      ['America/St_Johns', '2026-03-08T03:00:00Z'],
      ['America/St_Johns', '2026-11-01T02:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T13:00:00Z'],
      ['Asia/Kathmandu', '2026-01-01T00:00:00Z'],
    ];
    for (const [zone, start] of days) {
      const fast = localDateTimes(zone);
      for (let minute = 0; minute < 6 * 60; minute += 1) {
        const instant = new Date(Date.parse(start) + minute * 60_000 + 17_000);
        assert.equal(fast(instant), localDateTime(instant, zone), `${zone} ${instant.toISOString()}`);
      }
    }
  });

  it('writes the day and the minute paid, in the zone', () => {
    assert.equal(localDateTimes('Africa/Nairobi')(new Date('2026-11-20T22:30:59Z')), '2026-11-21 01:30');
    assert.equal(localDateTimes('UTC')(new Date('2026-11-20T22:30:59Z')), '2026-11-20 22:30');
  });
});
