import fc from 'fast-check';
import { PAYMENT_TYPES } from '../../src/payments/channels.js';
import { ADMIN_TOKEN } from './test-app.js';

// Arbitraries for the property suites in test/property/: header values, bodies, methods, paths and
// credentials a client could send, right, nearly right or hostile.

/** Text a real client can put in a header value: visible ASCII, space, tab and Latin-1. */
export const headerText = (maxLength = 40) =>
  fc.string({
    unit: fc
      .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.constant(0x09), fc.integer({ min: 0xa0, max: 0xff }))
      .map((code) => String.fromCharCode(code)),
    maxLength,
  });

export const base64url = (text: string) => Buffer.from(text).toString('base64url');

/** Byte sequences that are not UTF-8: lone continuation, overlong, surrogate, truncated, past U+10FFFF. */
export const invalidUtf8 = fc
  .constantFrom(
    [0xff],
    [0xfe, 0xff],
    [0x80],
    [0xc0, 0xaf],
    [0xc3, 0x28],
    [0xed, 0xa0, 0x80],
    [0xe2, 0x82],
    [0xf4, 0x90, 0x80, 0x80],
    [0xf8, 0x88, 0x80, 0x80, 0x80],
  )
  .map((bytes) => Buffer.from(bytes));

const FIELD_NAMES = [
  'customerRef',
  'transactionReference',
  'paymentType',
  'amount',
  'currency',
  'transactionDate',
  'additions',
  'payerName',
  'narration',
  'name',
  'fullName',
  'status',
  'setupCode',
  'grant_type',
  'client_id',
  'client_secret',
];
const POLLUTION_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'hasOwnProperty',
  'toString',
  'valueOf',
  'isAdmin',
];

/** JSON object text from key/value pairs, written by hand so `__proto__` stays an own key and keys may repeat. */
const objectText = (entries: [string, string][]) =>
  `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`;

const pollutingValue = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value)),
  fc.constantFrom(
    '{"isAdmin":true}',
    '{"prototype":{"isAdmin":true}}',
    '{"__proto__":{"isAdmin":true}}',
    '{"customerRef":"9000001","status":"active"}',
  ),
);

/** Objects, flat or nested, whose keys include __proto__, constructor and prototype. */
const pollutionBody = fc
  .array(fc.tuple(fc.constantFrom(...POLLUTION_KEYS, ...FIELD_NAMES), pollutingValue), { minLength: 1, maxLength: 6 })
  .chain((entries) =>
    fc.constantFrom(objectText(entries), `[${objectText(entries)}]`, objectText([['additions', objectText(entries)]])),
  );

/** Nesting a few thousand levels deep, as arrays, objects, or both. */
const deepJson = fc
  .record({
    depth: fc.integer({ min: 500, max: 6000 }),
    shape: fc.constantFrom('array', 'object', 'mixed', 'row', 'unclosed'),
  })
  .map(({ depth, shape }) => {
    if (shape === 'array') return `${'['.repeat(depth)}${']'.repeat(depth)}`;
    if (shape === 'row')
      return `[{"customerRef":"9000001","fullName":"Deep","status":${'['.repeat(depth)}${']'.repeat(depth)}}]`;
    if (shape === 'object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    if (shape === 'mixed') return `{"customerRef":${'[{"a":'.repeat(depth)}1${'}]'.repeat(depth)}}`;
    return '['.repeat(depth);
  });

/** JSON text with bytes that are not UTF-8 inside a string, around a real field name. */
const jsonWithInvalidUtf8 = fc
  .tuple(fc.constantFrom(...FIELD_NAMES), invalidUtf8, fc.constantFrom('', '9000001'))
  .map(([field, bad, around]) =>
    Buffer.concat([Buffer.from(`{"${field}":"${around}`), bad, Buffer.from(`${around}"}`)]),
  );

/** Any body at all: JSON of every shape, text, bytes, deep nesting, polluting keys, bad UTF-8. */
export const anyBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.json({ maxDepth: 4 }),
  fc
    .anything({ maxDepth: 3, withBoxedValues: true, withNullPrototype: true })
    .map((value) => JSON.stringify(value) ?? String(value)),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
  fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
  fc.constantFrom(
    '',
    ' ',
    'null',
    'true',
    '0',
    '""',
    '[]',
    '{}',
    '{',
    '{"customerRef":}',
    '\ufeff{"customerRef":"9000001"}',
    '{"customerRef":"9000001"}garbage',
    '{"customerRef":"\\u0000"}',
    '{"a":1e999999}',
    '-0',
    '[1,2,',
  ),
  pollutionBody,
  deepJson,
  jsonWithInvalidUtf8,
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=UTF-16',
  'application/json; charset=iso-8859-1',
  'application/json; charset="utf-8"',
  'Application/JSON',
  'application/json ; charset=utf-8',
  'application/json;;;',
  ' application/json',
  'application/jsonx',
  'application/json-patch+json',
  'application/vnd.api+json',
  'text/json',
  'text/plain',
  'text/plain; charset=utf-8',
  'text/csv',
  'text/csv; charset=windows-1252',
  'text/csv; charset=utf-8',
  'application/x-www-form-urlencoded',
  'application/x-www-form-urlencoded; charset=latin1',
  'multipart/form-data; boundary=----x',
  'application/octet-stream',
  '*/*',
  ';',
  '/',
  'json',
];
export const contentType = fc.option(fc.oneof(fc.constantFrom(...CONTENT_TYPES), headerText(60)), {
  nil: undefined,
  freq: 6,
});

/** Other headers a client may send, with values it should not. */
export const extraHeaders = fc.dictionary(
  fc.constantFrom(
    'content-encoding',
    'accept',
    'accept-charset',
    'accept-encoding',
    'x-request-id',
    'x-forwarded-for',
    'origin',
    'cookie',
    'range',
    'if-none-match',
    'expect',
  ),
  fc.oneof(
    fc.constantFrom(
      'gzip',
      'deflate',
      'br',
      'identity',
      'gzip, br',
      'x-unknown',
      'application/json',
      '*/*',
      '100-continue',
      '1.2.3.4, ::1',
    ),
    headerText(60),
  ),
  { maxKeys: 3 },
);

/** A Content-Length that agrees with the body or does not. */
export const contentLength = fc.option(
  fc.oneof(fc.nat(100_000).map(String), fc.constantFrom('0', '-1', '1e3', 'abc', ' 5', '99999999999999999999')),
  {
    nil: undefined,
    freq: 8,
  },
);

/** Authorization headers: the right one, none, malformed schemes, forged and foreign tokens. */
export function authorization(good: string, forged: string[]): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(good) },
    fc.constant(undefined),
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'bearer  ',
      'Basic',
      'Basic =',
      'Basic Og==',
      'Digest username="x"',
      `${good} extra`,
      `${good}x`,
      `${good.slice(0, -3)}`,
      good.toUpperCase(),
      good.replace('Bearer ', 'Bearer\t'),
      `Bearer ${ADMIN_TOKEN}`,
      `Bearer ${'a'.repeat(8000)}`,
      'Bearer a.b.c',
      'Bearer ..',
      ...forged.map((token) => `Bearer ${token}`),
    ),
    fc
      .tuple(fc.constantFrom('Bearer', 'Basic', 'bearer', 'Token', '', 'Negotiate'), headerText(80))
      .map(([scheme, value]) => `${scheme} ${value}`),
    fc.uint8Array({ maxLength: 60 }).map((bytes) => `Basic ${Buffer.from(bytes).toString('base64')}`),
    fc
      .tuple(fc.json(), fc.json(), fc.string())
      .map(
        ([header, payload, signature]) => `Bearer ${base64url(header)}.${base64url(payload)}.${base64url(signature)}`,
      ),
  );
}

export const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;
export const method = fc.oneof(
  { weight: 4, arbitrary: fc.constant('POST' as const) },
  fc.constantFrom(...HTTP_METHODS),
);

/** A path segment a client could send: plain, percent-encoded, invalid percent-encoding, very long. */
export const segment = fc.oneof(
  fc.webSegment(),
  fc.string({ maxLength: 40 }).map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))),
  fc.constantFrom(
    '%',
    '%zz',
    '%c3%28',
    '%ff',
    '%00',
    '%2F',
    '..',
    '.',
    '%2e%2e',
    'a%00b',
    'x'.repeat(5000),
    '9000001',
    '%E2%80%AE',
    ';',
    '~',
  ),
);

/** A payment notification whose every field is either right, nearly right or anything at all. */
export const nearValidPayment = fc
  .record(
    {
      transactionReference: fc.oneof(
        fc.uuid(),
        fc.constantFrom('FT-PROPERTY-1', ' FT-PROPERTY-1 ', '', ' ', 'x'.repeat(65), 'NUL\u0000REF'),
        fc.string({ maxLength: 70 }),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      paymentType: fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...PAYMENT_TYPES) },
        fc.constantFrom('mpesa', 'CASH', ''),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      customerRef: fc.oneof(
        fc.constantFrom(
          '9000001',
          ' 9000001 ',
          '9000002',
          '9000003',
          '0000000',
          '900000',
          '90000011',
          '9000001\u0000',
          '\uff19000001',
          '٩٠٠٠٠٠١',
          '9'.repeat(65),
        ),
        fc.string({ maxLength: 20 }),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      amount: fc.oneof(
        fc.constantFrom(
          '1500.50',
          1500.5,
          '0',
          '-1',
          '1e3',
          '0.001',
          '9999999999999.99',
          '10000000000000',
          'NaN',
          'Infinity',
          '1,000',
          ' 1 ',
          '.5',
          '5.',
          '00012.10',
          1e308,
          -0,
          0.30000000000000004,
          Number.MAX_SAFE_INTEGER,
          5e-324,
        ),
        fc.double(),
        fc.string({ maxLength: 20 }),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      currency: fc.oneof(
        fc.constantFrom('KES', 'kes', ' usd ', '', 'ÉÉÉ', 'KE', 'KESS'),
        fc.string({ maxLength: 5 }),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      transactionDate: fc.oneof(
        fc.constantFrom(
          '2026-11-21T10:15:00+03:00',
          '2026-11-21T10:15',
          '2026-11-21 10:15:00',
          '9999-12-31T23:59:59-23:59',
          '1969-12-31T23:59:59Z',
          '2026-02-29T00:00:00Z',
          '2026-11-21T24:00:00Z',
          '2026-11-21T10:15:00.123456789+03:00',
          '+275760-09-13T00:00:00Z',
        ),
        fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
        fc.string({ maxLength: 30 }),
      ),
      payerName: fc.oneof(fc.string({ maxLength: 210 }), fc.jsonValue({ maxDepth: 1 })),
      payerPhone: fc.string({ maxLength: 40 }),
      narration: fc.oneof(fc.string({ maxLength: 510 }), fc.constant('a\u0000b')),
      additions: fc.oneof(
        fc.record({ customerRef: fc.constantFrom('9000001', '9000002', ' 9000001') }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
    },
    { requiredKeys: [] },
  )
  .map((body) => JSON.stringify(body));

/** A body of exactly `bytes` bytes, shaped as what the route reads, padded with one- or multi-byte text. */
export function sizedBody(shape: 'json' | 'form', bytes: number, pad: string): string {
  const [head, tail] =
    shape === 'json'
      ? ['{"customerRef":"9000001","pad":"', '"}']
      : ['grant_type=client_credentials&client_id=nobody&pad=', ''];
  const room = bytes - Buffer.byteLength(head + tail);
  const unit = Buffer.byteLength(pad);
  const filler = pad.repeat(Math.floor(room / unit)) + 'x'.repeat(room % unit);
  return head + filler + tail;
}
