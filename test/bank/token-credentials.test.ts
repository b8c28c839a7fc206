import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { bankCall, basic, createBank, issueAndReveal, requestToken, tokenFor } from '../support/bank.js';
import { SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { json, useTestApp } from '../support/test-app.js';
import {
  assertNoStore,
  assertTokenRefused,
  credentialsForm,
  form,
  GRANT,
  newMember,
  postToken,
  revoke,
  unknownClientId,
} from '../support/token.js';

// POST /oauth/v1/token: wrong credentials get one 401 invalid_client answer; revoked secrets stop new
// tokens, and a token lives 3600 s.

for (const kind of databaseKinds()) {
  describe(`token endpoint (${kind})`, () => {
    describe('with the default configuration', () => {
      const t = useTestApp(kind);

      describe('401 invalid_client', () => {
        it('gives one byte-identical answer for every credential problem', async () => {
          const bank = await createBank(t.app, 'Credential Bank');
          const second = await issueAndReveal(t.app, bank.clientId);
          await revoke(t.app, bank.clientId, second.secretId);

          const problems: Record<string, () => Promise<LightMyRequestResponse>> = {
            'unknown client': () =>
              postToken(t.app, { payload: credentialsForm(unknownClientId(), bank.clientSecret) }),
            'wrong secret': () =>
              postToken(t.app, { payload: credentialsForm(bank.clientId, `${bank.clientSecret}x`) }),
            'revoked secret': () => postToken(t.app, { payload: credentialsForm(bank.clientId, second.clientSecret) }),
            'empty secret': () => postToken(t.app, { payload: credentialsForm(bank.clientId, '') }),
            'empty client ID': () => postToken(t.app, { payload: credentialsForm('', bank.clientSecret) }),
            'client_id without client_secret': () =>
              postToken(t.app, { payload: form({ grant_type: GRANT, client_id: bank.clientId }) }),
            'no credentials': () => postToken(t.app, { payload: form({ grant_type: GRANT }) }),
            'Basic unknown client': () =>
              postToken(t.app, {
                authorization: basic(unknownClientId(), bank.clientSecret),
                payload: form({ grant_type: GRANT }),
              }),
            'Basic wrong secret': () =>
              postToken(t.app, { authorization: basic(bank.clientId, 'wrong'), payload: form({ grant_type: GRANT }) }),
            'Basic empty secret': () =>
              postToken(t.app, { authorization: basic(bank.clientId, ''), payload: form({ grant_type: GRANT }) }),
            'Basic without credentials': () =>
              postToken(t.app, { authorization: 'Basic', payload: form({ grant_type: GRANT }) }),
            'Basic not base64': () =>
              postToken(t.app, { authorization: 'Basic !!!not-base64!!!', payload: form({ grant_type: GRANT }) }),
            'Basic without a colon': () =>
              postToken(t.app, {
                authorization: `Basic ${Buffer.from(bank.clientId).toString('base64')}`,
                payload: form({ grant_type: GRANT }),
              }),
            'Basic with a bad percent escape': () =>
              postToken(t.app, { authorization: basic(bank.clientId, '%zz'), payload: form({ grant_type: GRANT }) }),
            'another scheme in Authorization': () =>
              postToken(t.app, { authorization: `Bearer ${bank.clientSecret}`, payload: form({ grant_type: GRANT }) }),
          };

          const bodies = new Map<string, string>();
          for (const [problem, send] of Object.entries(problems)) {
            const response = await send();
            assert.equal(response.statusCode, 401, `${problem}: ${response.body}`);
            bodies.set(problem, response.rawPayload.toString('latin1'));
          }
          const [first, ...rest] = [...bodies.entries()];
          for (const [problem, body] of rest) {
            assert.equal(body, first![1], `${problem} answers like ${first![0]}`);
          }
        });

        it('carries error "invalid_client" and a string error_description, and nothing else', async () => {
          const response = await postToken(t.app, { payload: credentialsForm(unknownClientId(), 'nope') });
          assert.equal(response.statusCode, 401, response.body);
          const body = json(response);
          assert.deepEqual(Object.keys(body).sort(), ['error', 'error_description']);
          assert.equal(body.error, 'invalid_client');
          assert.equal(typeof body.error_description, 'string');
          assert.ok(body.error_description.length > 0);
          assertNoStore(response);
        });

        it('adds WWW-Authenticate: Basic realm="..." when the Authorization header was used', async () => {
          const bank = await createBank(t.app);
          for (const authorization of [
            basic(bank.clientId, 'wrong'),
            'Basic !!!',
            `basic ${Buffer.from('no-colon').toString('base64')}`,
          ]) {
            const response = await postToken(t.app, { authorization, payload: form({ grant_type: GRANT }) });
            assert.equal(response.statusCode, 401, response.body);
            assert.match(String(response.headers['www-authenticate']), /^Basic realm="[^"]+"/i, authorization);
          }
        });

        it('sends no WWW-Authenticate when the credentials were in the form or absent', async () => {
          const bank = await createBank(t.app);
          for (const payload of [credentialsForm(bank.clientId, 'wrong'), form({ grant_type: GRANT })]) {
            const response = await postToken(t.app, { payload });
            assert.equal(response.statusCode, 401, response.body);
            assert.equal(response.headers['www-authenticate'], undefined, payload);
          }
        });
      });

      describe('secrets and token lifetime', () => {
        it('stops new tokens at once when a secret is revoked, while a token issued before keeps working', async () => {
          const bank = await createBank(t.app);
          const customerRef = await newMember(t.app);
          const earlier = await tokenFor(t.app, bank.clientId, bank.clientSecret);
          await revoke(t.app, bank.clientId, bank.secretId);

          await assertTokenRefused(t.app, bank.clientId, bank.clientSecret);

          const validated = await bankCall(t.app, earlier, 'validate', { customerRef });
          assert.equal(validated.statusCode, 200, validated.body);
          assert.equal(json(validated).customerRef, customerRef);
        });

        it('lets both of two active secrets obtain tokens', async () => {
          const bank = await createBank(t.app);
          const second = await issueAndReveal(t.app, bank.clientId);
          assert.notEqual(second.clientSecret, bank.clientSecret);
          const customerRef = await newMember(t.app);
          for (const secret of [bank.clientSecret, second.clientSecret]) {
            const token = await tokenFor(t.app, bank.clientId, secret);
            const validated = await bankCall(t.app, token, 'validate', { customerRef });
            assert.equal(validated.statusCode, 200, validated.body);
          }
        });

        it('keeps the other active secret working after one of two is revoked', async () => {
          const bank = await createBank(t.app);
          const second = await issueAndReveal(t.app, bank.clientId);
          await revoke(t.app, bank.clientId, bank.secretId);
          assert.equal((await requestToken(t.app, bank.clientId, bank.clientSecret)).statusCode, 401);
          assert.equal((await requestToken(t.app, bank.clientId, second.clientSecret)).statusCode, 200);
        });

        it('expires a token 3600 s after issue: the bank API then answers 401', async () => {
          const bank = await createBank(t.app);
          const customerRef = await newMember(t.app);
          const token = await tokenFor(t.app, bank.clientId, bank.clientSecret);
          t.clock.advance(3599 * SECOND);
          const stillValid = await bankCall(t.app, token, 'validate', { customerRef });
          assert.equal(stillValid.statusCode, 200, stillValid.body);
          t.clock.advance(1 * SECOND);
          const expired = await bankCall(t.app, token, 'validate', { customerRef });
          assert.equal(expired.statusCode, 401, expired.body);
          assert.equal(expired.body, '');
        });

        it('expires a token issued before its secret was revoked on the same schedule', async () => {
          const bank = await createBank(t.app);
          const customerRef = await newMember(t.app);
          const token = await tokenFor(t.app, bank.clientId, bank.clientSecret);
          await revoke(t.app, bank.clientId, bank.secretId);
          t.clock.advance(3600 * SECOND);
          const expired = await bankCall(t.app, token, 'validate', { customerRef });
          assert.equal(expired.statusCode, 401, expired.body);
        });
      });
    });
  });
}
