import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bankCall, basic, createBank, requestToken, tokenFor } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { json, useTestApp } from '../support/test-app.js';
import {
  assertNoStore,
  BODY_LIMIT,
  chunked,
  credentialsForm,
  encodeEveryChar,
  FORM,
  form,
  GRANT,
  newMember,
  paddedForm,
  postToken,
} from '../support/token.js';

// POST /oauth/v1/token: a token is issued for good credentials, in the form or by HTTP Basic.

for (const kind of databaseKinds()) {
  describe(`token endpoint (${kind})`, () => {
    describe('with the default configuration', () => {
      const t = useTestApp(kind);

      describe('success', () => {
        it('answers exactly {access_token, token_type: "Bearer", expires_in: 3600}, with no refresh token', async () => {
          const bank = await createBank(t.app);
          const response = await requestToken(t.app, bank.clientId, bank.clientSecret);
          assert.equal(response.statusCode, 200, response.body);
          assert.match(String(response.headers['content-type']), /^application\/json/);
          const body = json(response);
          assert.deepEqual(Object.keys(body).sort(), ['access_token', 'expires_in', 'token_type']);
          assert.equal(typeof body.access_token, 'string');
          assert.ok(body.access_token.length > 0);
          assert.equal(body.token_type, 'Bearer');
          assert.equal(body.expires_in, 3600);
          assert.equal('refresh_token' in body, false);
        });

        it('marks a successful answer Cache-Control: no-store and Pragma: no-cache', async () => {
          const bank = await createBank(t.app);
          const response = await requestToken(t.app, bank.clientId, bank.clientSecret);
          assert.equal(response.statusCode, 200, response.body);
          assertNoStore(response);
        });

        it('issues a token that the bank API accepts as a Bearer token', async () => {
          const bank = await createBank(t.app);
          const customerRef = await newMember(t.app);
          const token = await tokenFor(t.app, bank.clientId, bank.clientSecret);
          const validated = await bankCall(t.app, token, 'validate', { customerRef });
          assert.equal(validated.statusCode, 200, validated.body);
        });

        it('accepts a charset parameter on the form content type', async () => {
          const bank = await createBank(t.app);
          for (const contentType of [`${FORM}; charset=UTF-8`, `${FORM};charset=utf-8`]) {
            const response = await postToken(t.app, {
              contentType,
              payload: credentialsForm(bank.clientId, bank.clientSecret),
            });
            assert.equal(response.statusCode, 200, `${contentType}: ${response.body}`);
          }
        });

        it('reads the media type case-insensitively', async () => {
          const bank = await createBank(t.app);
          const response = await postToken(t.app, {
            contentType: 'Application/X-WWW-Form-URLEncoded',
            payload: credentialsForm(bank.clientId, bank.clientSecret),
          });
          assert.equal(response.statusCode, 200, response.body);
        });

        it('ignores unknown form parameters', async () => {
          const bank = await createBank(t.app);
          const response = await postToken(t.app, {
            payload: credentialsForm(bank.clientId, bank.clientSecret, { scope: 'payments', audience: 'x', foo: '' }),
          });
          assert.equal(response.statusCode, 200, response.body);
        });

        it('accepts a body of exactly 4096 bytes', async () => {
          const bank = await createBank(t.app);
          const payload = paddedForm(bank.clientId, bank.clientSecret, BODY_LIMIT);
          assert.equal(Buffer.byteLength(payload), BODY_LIMIT);
          const response = await postToken(t.app, { payload });
          assert.equal(response.statusCode, 200, response.body);
        });

        it('reads a chunked body (no Content-Length) within the limit', async () => {
          const bank = await createBank(t.app);
          const response = await postToken(t.app, {
            payload: chunked(paddedForm(bank.clientId, bank.clientSecret, 3000), 700),
          });
          assert.equal(response.statusCode, 200, response.body);
        });
      });

      describe('HTTP Basic client authentication', () => {
        it('issues a token for credentials in the Authorization header', async () => {
          const bank = await createBank(t.app);
          const response = await postToken(t.app, {
            authorization: basic(bank.clientId, bank.clientSecret),
            payload: form({ grant_type: GRANT }),
          });
          assert.equal(response.statusCode, 200, response.body);
          assert.deepEqual(Object.keys(json(response)).sort(), ['access_token', 'expires_in', 'token_type']);
          assertNoStore(response);
        });

        it('reads the Basic scheme name case-insensitively', async () => {
          const bank = await createBank(t.app);
          for (const scheme of ['basic', 'BASIC', 'bAsIc']) {
            const response = await postToken(t.app, {
              authorization: basic(bank.clientId, bank.clientSecret, scheme),
              payload: form({ grant_type: GRANT }),
            });
            assert.equal(response.statusCode, 200, `${scheme}: ${response.body}`);
          }
        });

        it('form-urldecodes the client ID and secret in Basic (RFC 6749 Appendix B)', async () => {
          const bank = await createBank(t.app);
          const response = await postToken(t.app, {
            authorization: basic(encodeEveryChar(bank.clientId), encodeEveryChar(bank.clientSecret)),
            payload: form({ grant_type: GRANT }),
          });
          assert.equal(response.statusCode, 200, response.body);
        });

        it('keeps colons after the first one as part of the Basic secret', async () => {
          const bank = await createBank(t.app);
          const response = await postToken(t.app, {
            authorization: basic(bank.clientId, `${bank.clientSecret}:`),
            payload: form({ grant_type: GRANT }),
          });
          assert.equal(response.statusCode, 401, response.body);
        });
      });
    });
  });
}
