import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  anyBody,
  authorization,
  contentLength,
  contentType,
  extraHeaders,
  method,
  nearValidPayment,
} from '../support/arbitraries.js';
import { databaseKinds } from '../support/databases.js';
import { check, usePropertyApp } from '../support/property.js';

// Never a 5xx, never a crash, never a change to stored data from a refused request: random and
// hostile requests against the bank API, /bank/v1/validate and /bank/v1/payments.

for (const kind of databaseKinds()) {
  describe(`the bank API under random and hostile input: never a 5xx, never a change from a refusal (${kind})`, () => {
    const { probe, app } = usePropertyApp(kind);

    it('bank API: random bodies, content types, headers and tokens', async () => {
      const { guard, bearer, forged } = app();
      const request = fc
        .record({
          path: fc.constantFrom(
            '/bank/v1/validate',
            '/bank/v1/payments',
            '/bank/v1/payments?x=1',
            '/bank/v1/',
            '/bank/v1/validate/extra',
          ),
          method,
          authorization: authorization(bearer, forged),
          contentType,
          contentLength,
          extra: extraHeaders,
          body: fc.option(anyBody, { nil: undefined, freq: 8 }),
        })
        .map(({ path, method, authorization, contentType, contentLength, extra, body }) =>
          probe(
            method,
            path,
            { ...extra, authorization, 'content-type': contentType, 'content-length': contentLength },
            body,
          ),
        );
      await check('bank API: random bodies', request, 400, async (p) => {
        await guard.inject(p);
      });
    });

    it('bank API: payment notifications near the valid shape, with a valid token', async () => {
      const { guard, bearer } = app();
      const request = nearValidPayment.map((body) =>
        probe('POST', '/bank/v1/payments', { authorization: bearer, 'content-type': 'application/json' }, body),
      );
      await check('payments: near-valid notifications', request, 250, async (p) => {
        await guard.inject(p);
      });
    });
  });
}
