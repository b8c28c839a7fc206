import { InvalidArgumentError } from 'commander';

/** An ISO 8601 date or date-time, passed to the service as written; refused here so a typo is a usage error. */
export function isoDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(new Date(value).getTime())) {
    throw new InvalidArgumentError('expected an ISO 8601 date or date-time, e.g. 2026-11-01 or 2026-11-01T08:00:00Z');
  }
  return value;
}

export function positiveInt(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('expected a whole number of at least 1');
  }
  return Number(value);
}
