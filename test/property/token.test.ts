import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  anyBody,
  authorization,
  contentLength,
  contentType,
  extraHeaders,
  invalidUtf8,
  method,
} from '../support/arbitraries.js';
import { databaseKinds } from '../support/databases.js';
import { check, usePropertyApp } from '../support/property.js';

// Never a 5xx, never a crash, never a change to stored data from a refused request: random and
// hostile requests against the token endpoint, /oauth/v1/token.

for (const kind of databaseKinds()) {
  describe(`the token endpoint under random and hostile input: never a 5xx, never a change from a refusal (${kind})`, () => {
    const { probe, app } = usePropertyApp(kind);

    it('token endpoint: random forms, Basic credentials, content types and encodings', async () => {
      const { guard, bank, bearer, forged } = app();
      const param = fc.oneof(
        fc.constantFrom(
          'grant_type',
          'client_id',
          'client_secret',
          'scope',
          'GRANT_TYPE',
          'grant_type%00',
          'client%5Fid',
          '__proto__',
          '',
        ),
        fc.webSegment(),
      );
      const value = fc.oneof(
        fc.constantFrom(
          'client_credentials',
          'CLIENT_CREDENTIALS',
          'password',
          '',
          bank.clientId,
          bank.clientSecret,
          `${bank.clientSecret}x`,
          '%zz',
          '%c3%28',
          '%ff',
          '%00',
          '+',
          '%2B',
          'x'.repeat(3000),
        ),
        fc.string({ maxLength: 40 }).map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, ''))),
        fc.string({ maxLength: 20 }),
      );
      const form = fc
        .array(fc.tuple(param, value), { maxLength: 6 })
        .map((pairs) => pairs.map(([key, val]) => `${key}=${val}`).join('&'));
      const basic = fc.oneof(
        fc.constant(`Basic ${Buffer.from(`${bank.clientId}:${bank.clientSecret}`).toString('base64')}`),
        fc
          .tuple(
            fc.oneof(fc.constant(bank.clientId), fc.string({ maxLength: 20 })),
            fc.oneof(fc.constant(bank.clientSecret), fc.string({ maxLength: 20 })),
          )
          .map(([id, secret]) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`),
        fc
          .tuple(invalidUtf8, invalidUtf8)
          .map(([id, secret]) => `Basic ${Buffer.concat([id, Buffer.from(':'), secret]).toString('base64')}`),
      );
      const request = fc
        .record({
          method,
          authorization: fc.oneof(authorization(bearer, forged), basic),
          contentType: fc.oneof(fc.constant('application/x-www-form-urlencoded'), contentType),
          contentLength,
          extra: extraHeaders,
          body: fc.option(fc.oneof(form, anyBody), { nil: undefined, freq: 8 }),
        })
        .map(({ method, authorization, contentType, contentLength, extra, body }) =>
          probe(
            method,
            '/oauth/v1/token',
            { ...extra, authorization, 'content-type': contentType, 'content-length': contentLength },
            body,
          ),
        );
      await check('token endpoint', request, 300, async (p) => {
        await guard.inject(p);
      });
    });
  });
}
