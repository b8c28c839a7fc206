import fc from 'fast-check';
import { base64url } from './arbitraries.js';

// Query strings for the admin lists and export: known parameters, valid or garbage, and cursors
// around the largest bigint.

/** Digits for a cursor: small, around the largest bigint, and far past it. */
const cursorDigits = fc.oneof(
  fc.nat(1000).map(String),
  fc.bigInt({ min: 0n, max: 10n ** 25n }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1',
    '9007199254740993',
    '9223372036854775807',
    '9223372036854775808',
    '99999999999999999999',
  ),
);

/** Query-string values the admin lists should refuse or accept, never fail on. */
function queryValue(installId: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '',
      'accepted',
      'held',
      'ACCEPTED',
      'oldest',
      'newest',
      'csv',
      'ndjson',
      'json',
      'true',
      'false',
      '0',
      '-1',
      '1',
      '500',
      '501',
      '1000',
      '1001',
      '1.5',
      '1e2',
      'NaN',
      'Infinity',
      '99999999999999999999999',
      '2026-11-01',
      '2026-11-21T08:00:00Z',
      '2026-02-30',
      '0000-01-01',
      '1969-12-31',
      '9999-12-31T23:59:59Z',
      '9999-12-31T23:59:59-23:59',
      '10000-01-01',
      '+275760-09-13T00:00:00Z',
      'yesterday',
      '%',
      '%zz',
      '%c3%28',
      '%ff',
      '%00',
      '9000001',
    ),
    fc
      .tuple(fc.constantFrom('p', 'a', 'e', 'x', ''), cursorDigits)
      .map(([kind, value]) => base64url(`${kind}:${value}`)),
    cursorDigits.map((value) => base64url(`e:${installId}:${value}`)),
    fc.string({ maxLength: 60 }).map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))),
    fc
      .uint8Array({ maxLength: 20 })
      .map((bytes) => [...bytes].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('')),
  );
}

const QUERY_KEYS = [
  'status',
  'customerRef',
  'from',
  'to',
  'limit',
  'cursor',
  'order',
  'format',
  'since',
  'dryRun',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
];

const joinQuery = (pairs: [string, string][]) =>
  pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`;

/** Any keys, any values, repeated or not. */
export function queryString(installId: string): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.webSegment()), queryValue(installId)), { maxLength: 6 })
    .map(joinQuery);
}

/**
 * The parameters the admin lists read, each absent, valid or garbage. Mostly valid, so that one
 * bad parameter does not hide what another does once it reaches the database.
 */
export function listQuery(installId: string): fc.Arbitrary<string> {
  const either = (...valid: fc.Arbitrary<string>[]) =>
    fc.oneof({ weight: 3, arbitrary: fc.oneof(...valid) }, { weight: 1, arbitrary: queryValue(installId) });
  const dates = fc.constantFrom(
    '2026-11-01',
    '2026-11-21T08:00:00Z',
    '2026-11-21T11:00:00+03:00',
    '1970-01-01',
    '9999-12-31',
  );
  const known = fc.record(
    {
      status: either(fc.constantFrom('accepted', 'held')),
      customerRef: either(fc.constantFrom('9000001', ' 9000001 ', '9000002')),
      from: either(dates),
      to: either(dates),
      limit: either(fc.integer({ min: 1, max: 500 }).map(String)),
      cursor: either(
        fc.tuple(fc.constantFrom('p', 'a'), cursorDigits).map(([kind, digits]) => base64url(`${kind}:${digits}`)),
      ),
      order: either(fc.constantFrom('oldest', 'newest')),
      format: either(fc.constantFrom('csv', 'ndjson')),
      since: either(cursorDigits.map((digits) => base64url(`e:${installId}:${digits}`))),
    },
    { requiredKeys: [] },
  );
  // Repeated and stray keys after the known ones. A tuple, not chain(), so that failures shrink well.
  const extra = fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValue(installId)), { maxLength: 2 });
  return fc.tuple(known, extra).map(([params, more]) => joinQuery([...Object.entries(params), ...more]));
}
