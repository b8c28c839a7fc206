import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readDuration, readTimeOfDay } from '../../src/alerts/alert-durations.js';
import { DEFAULT_WORKING_HOURS, workingMsBetween } from '../../src/alerts/working-hours.js';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);

test('only the hours of working days count: Friday 16:00 to Monday 10:00 is three hours', () => {
  // 2026-11-27 is a Friday; Nairobi is UTC+3 all year.
  const hours = workingMsBetween(
    at('2026-11-27T13:00:00Z'),
    at('2026-11-30T07:00:00Z'),
    DEFAULT_WORKING_HOURS,
    'Africa/Nairobi',
  );
  assert.equal(hours, 3 * HOUR);
  const sameDay = workingMsBetween(
    at('2026-11-27T03:00:00Z'),
    at('2026-11-27T05:30:00Z'),
    DEFAULT_WORKING_HOURS,
    'Africa/Nairobi',
  );
  assert.equal(sameDay, 30 * 60_000, 'from 08:00, not from the call at 06:00');
  assert.equal(
    workingMsBetween(at('2026-11-28T08:00:00Z'), at('2026-11-29T20:00:00Z'), DEFAULT_WORKING_HOURS, 'Africa/Nairobi'),
    0,
  );
});

test('a working day is nine hours on the day the clocks change, too', () => {
  // London goes back an hour on Sunday 2026-10-25; Monday starts on winter time.
  const weekend = workingMsBetween(
    at('2026-10-23T15:00:00Z'),
    at('2026-10-26T09:00:00Z'),
    DEFAULT_WORKING_HOURS,
    'Europe/London',
  );
  assert.equal(weekend, 1 * HOUR + 1 * HOUR, 'Friday 16:00–17:00 BST, Monday 08:00–09:00 GMT');
  const days = { days: [1, 2, 3, 4, 5, 6, 7], from: 8 * 60, until: 17 * 60 };
  assert.equal(
    workingMsBetween(at('2026-10-25T00:00:00Z'), at('2026-10-26T00:00:00Z'), days, 'Europe/London'),
    9 * HOUR,
  );
});

test('durations are minutes or hours, times of day are 24-hour', () => {
  assert.equal(readDuration('after', '30m'), 30);
  assert.equal(readDuration('after', '4h'), 240);
  assert.equal(readDuration('after', ' 90M '), 90);
  for (const bad of ['0m', '4', '4 hours', '1d', '721h', '-3h', ''])
    assert.throws(() => readDuration('after', bad), /after: must be minutes or hours/, bad);
  assert.equal(readTimeOfDay('at', '07:00'), 420);
  for (const bad of ['7:00', '24:00', '07:60', '7am'])
    assert.throws(() => readTimeOfDay('at', bad), /at: must be a time/, bad);
});
