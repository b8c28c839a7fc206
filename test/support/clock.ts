import type { Clock } from '../../src/clock.js';

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start = Date.parse('2026-11-21T08:00:00.000Z')) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
