import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { createBank } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { useTestApp } from '../support/test-app.js';
import {
  assertNoStore,
  assertTooLarge,
  BODY_LIMIT,
  chunked,
  form,
  GRANT,
  paddedForm,
  postToken,
} from '../support/token.js';

// POST /oauth/v1/token: a body over the limit is refused with 413, whatever else is wrong with it.

for (const kind of databaseKinds()) {
  describe(`token endpoint (${kind})`, () => {
    describe('with the default configuration', () => {
      const t = useTestApp(kind);

      describe('413 body too large', () => {
        it('answers a body over 4096 bytes with 413 and an empty body', async () => {
          const bank = await createBank(t.app);
          const payload = paddedForm(bank.clientId, bank.clientSecret, BODY_LIMIT + 1);
          const response = await postToken(t.app, { payload });
          assertTooLarge(response);
          assertNoStore(response);
        });

        it('answers a chunked body (no Content-Length) over 4096 bytes with 413 and an empty body', async () => {
          const bank = await createBank(t.app);
          const response = await postToken(t.app, {
            payload: chunked(paddedForm(bank.clientId, bank.clientSecret, 6000), 1000),
          });
          assert.equal(
            response.raw.req.headers['content-length'],
            undefined,
            'the request must really be sent without a length',
          );
          assertTooLarge(response);
          assertNoStore(response);
        });

        it('answers 413 whatever else is wrong with the request', async () => {
          const padding = 'x'.repeat(BODY_LIMIT + 1);
          const requests: Array<() => Promise<LightMyRequestResponse>> = [
            () => postToken(t.app, { contentType: 'application/json', payload: JSON.stringify({ padding }) }),
            () => postToken(t.app, { payload: form({ grant_type: 'password', padding }) }),
            () => postToken(t.app, { authorization: 'Basic !!!', payload: form({ grant_type: GRANT, padding }) }),
          ];
          for (const send of requests) {
            const response = await send();
            assertTooLarge(response);
          }
        });
      });
    });
  });
}
