import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { basic, createBank, requestToken } from '../support/bank.js';
import { SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { useRestartableApp, useTestApp } from '../support/test-app.js';
import {
  assertNextRateLimited,
  assertRateLimited,
  assertTooLarge,
  BODY_LIMIT,
  chunked,
  encodeEveryChar,
  expectStatuses,
  form,
  GRANT,
  paddedForm,
  postToken,
  requestTokens,
  sendOversized,
  times,
  unknownClientId,
} from '../support/token.js';

// POST /oauth/v1/token: at most BIS_TOKEN_RATE_LIMIT requests per client ID in 60 s (30 by default).

for (const kind of databaseKinds()) {
  describe(`token endpoint (${kind})`, () => {
    describe('with the default configuration', () => {
      const t = useTestApp(kind);

      describe('429 rate limit: 30 requests per client ID in 60 s', () => {
        it('answers the 31st request within 60 s with 429, an empty body and Retry-After', async () => {
          const bank = await createBank(t.app);
          await requestTokens(t.app, 30, bank.clientId, bank.clientSecret, 200);
          await assertNextRateLimited(t.app, bank.clientId, bank.clientSecret);
        });

        it('counts requests that failed', async () => {
          const bank = await createBank(t.app);
          await requestTokens(t.app, 30, bank.clientId, 'wrong', 401);
          assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
        });

        it('counts requests for a client ID that does not exist', async () => {
          const clientId = unknownClientId();
          await requestTokens(t.app, 30, clientId, 'wrong', 401);
          assertRateLimited(await requestToken(t.app, clientId, 'wrong'));
        });

        it('does not let one client ID use up the allowance of another', async () => {
          const flooded = await createBank(t.app, 'Flooded Bank');
          const other = await createBank(t.app, 'Other Bank');
          await requestTokens(t.app, 30, flooded.clientId, 'wrong', 401);
          assertRateLimited(await requestToken(t.app, flooded.clientId, flooded.clientSecret));
          const response = await requestToken(t.app, other.clientId, other.clientSecret);
          assert.equal(response.statusCode, 200, response.body);
        });

        it('does not count 413 answers', async () => {
          const bank = await createBank(t.app);
          const oversized = await sendOversized(t.app, 31, bank.clientId, bank.clientSecret);
          await expectStatuses(
            times(3, () => () => postToken(t.app, { payload: chunked(oversized) })),
            413,
          );
          const response = await requestToken(t.app, bank.clientId, bank.clientSecret);
          assert.equal(response.statusCode, 200, response.body);
        });

        it('answers 413 before 429 for an oversized body naming a limited client ID', async () => {
          const bank = await createBank(t.app);
          await requestTokens(t.app, 30, bank.clientId, 'wrong', 401);
          const response = await postToken(t.app, {
            payload: paddedForm(bank.clientId, bank.clientSecret, BODY_LIMIT + 1),
          });
          assertTooLarge(response);
        });

        it('answers 429 before 400 and 401 for a limited client ID', async () => {
          const bank = await createBank(t.app);
          await requestTokens(t.app, 30, bank.clientId, 'wrong', 401);
          assertRateLimited(
            await postToken(t.app, {
              payload: form({ grant_type: 'password', client_id: bank.clientId, client_secret: 'x' }),
            }),
          );
          assertRateLimited(
            await postToken(t.app, { payload: form({ client_id: bank.clientId, client_secret: 'x' }) }),
          );
          assertRateLimited(
            await postToken(t.app, {
              payload: form([
                ['grant_type', GRANT],
                ['grant_type', GRANT],
                ['client_id', bank.clientId],
              ]),
            }),
          );
          assertRateLimited(
            await postToken(t.app, {
              authorization: basic(bank.clientId, bank.clientSecret),
              payload: form({ grant_type: GRANT, client_id: bank.clientId }),
            }),
          );
          assertRateLimited(
            await postToken(t.app, {
              authorization: basic(bank.clientId, 'wrong'),
              payload: form({ grant_type: GRANT }),
            }),
          );
        });

        // Requests that arrive together are counted in one statement: each still gets its own place.
        it('counts simultaneous requests exactly: of 45 at once, 30 get tokens, and another client sending at the same time is not held back', async () => {
          const bank = await createBank(t.app);
          const other = await createBank(t.app);
          const answers = await Promise.all([
            ...times(45, () => requestToken(t.app, bank.clientId, bank.clientSecret)),
            ...times(5, () => requestToken(t.app, other.clientId, other.clientSecret)),
          ]);
          const statuses = answers.slice(0, 45).map((response) => response.statusCode);
          assert.equal(statuses.filter((status) => status === 200).length, 30, statuses.join(' '));
          for (const response of answers.slice(0, 45).filter((r) => r.statusCode !== 200)) assertRateLimited(response);
          assert.deepEqual(
            answers.slice(45).map((response) => response.statusCode),
            [200, 200, 200, 200, 200],
          );
          assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
        });

        it('opens again once the requests have left the 60 s window', async () => {
          const bank = await createBank(t.app);
          await requestTokens(t.app, 30, bank.clientId, bank.clientSecret, 200);
          assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
          t.clock.advance(59 * SECOND);
          assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
          t.clock.advance(2 * SECOND);
          const response = await requestToken(t.app, bank.clientId, bank.clientSecret);
          assert.equal(response.statusCode, 200, response.body);
        });

        // Hits are counted per second: one made late in a second must still count for a full 60 s.
        it('counts requests made late in a second for a full 60 s', async () => {
          const bank = await createBank(t.app);
          t.clock.advance(900);
          await requestTokens(t.app, 30, bank.clientId, bank.clientSecret, 200);
          t.clock.advance(59 * SECOND + 600);
          const refused = await requestToken(t.app, bank.clientId, bank.clientSecret);
          assertRateLimited(refused);
          t.clock.advance(SECOND);
          // The first 30 are now 60.6 s old; the refused one from 1 s ago still counts.
          await requestTokens(t.app, 29, bank.clientId, bank.clientSecret, 200);
          assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
        });

        it('slides: requests spread over the window count until each is 60 s old, with no reset at a window edge', async () => {
          const bank = await createBank(t.app);
          const send = () => () => requestToken(t.app, bank.clientId, bank.clientSecret);
          await expectStatuses(times(20, send), 200);
          t.clock.advance(45 * SECOND);
          await expectStatuses(times(10, send), 200);
          t.clock.advance(16 * SECOND);
          // The 20 early requests are now over 60 s old; the 10 from 16 s ago still count.
          await expectStatuses(times(20, send), 200);
          assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
        });
      });
    });

    describe('with BIS_TOKEN_RATE_LIMIT=3', () => {
      // On disk for PGlite, so that a second instance can open the same data.
      const t = useRestartableApp(kind, { config: { tokenRateLimit: 3 } });

      it('honours the configured limit: the 4th request within 60 s gets 429', async () => {
        const bank = await createBank(t.app);
        await requestTokens(t.app, 3, bank.clientId, bank.clientSecret, 200);
        assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
      });

      it('counts requests naming the client ID by Basic and by form alike', async () => {
        const bank = await createBank(t.app);
        const byBasic = () =>
          postToken(t.app, {
            authorization: basic(bank.clientId, bank.clientSecret),
            payload: form({ grant_type: GRANT }),
          });
        const byForm = () => requestToken(t.app, bank.clientId, bank.clientSecret);
        await expectStatuses([byBasic, byForm, byBasic], 200);
        assertRateLimited(await byForm());
        assertRateLimited(await byBasic());
      });

      it('counts a form-urlencoded Basic client ID as the same client ID', async () => {
        const bank = await createBank(t.app);
        const encoded = () =>
          postToken(t.app, {
            authorization: basic(encodeEveryChar(bank.clientId), encodeEveryChar(bank.clientSecret)),
            payload: form({ grant_type: GRANT }),
          });
        await expectStatuses([encoded, encoded, encoded], 200);
        assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
      });

      it('counts requests that failed with 400 or 401', async () => {
        const bank = await createBank(t.app);
        await expectStatuses([() => requestToken(t.app, bank.clientId, 'wrong')], 401);
        await expectStatuses(
          [
            () =>
              postToken(t.app, {
                payload: form({ grant_type: 'password', client_id: bank.clientId, client_secret: bank.clientSecret }),
              }),
            () => postToken(t.app, { payload: form({ client_id: bank.clientId, client_secret: bank.clientSecret }) }),
          ],
          400,
        );
        assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
      });

      it('does not count 413 answers', async () => {
        const bank = await createBank(t.app);
        await sendOversized(t.app, 5, bank.clientId, bank.clientSecret);
        await requestTokens(t.app, 3, bank.clientId, bank.clientSecret, 200);
      });

      it('reads the client ID from Basic as the part before the first colon', async () => {
        const bank = await createBank(t.app);
        const colons = () =>
          postToken(t.app, {
            authorization: basic(bank.clientId, `${bank.clientSecret}:extra`),
            payload: form({ grant_type: GRANT }),
          });
        await expectStatuses([colons, colons, colons], 401);
        assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
      });

      it('counts 429 answers themselves', async () => {
        const bank = await createBank(t.app);
        const send = () => requestToken(t.app, bank.clientId, bank.clientSecret);
        await expectStatuses([send, send, send], 200);
        t.clock.advance(30 * SECOND);
        assertRateLimited(await send());
        t.clock.advance(31 * SECOND);
        // The first three are now out of the window; the 429 from 31 s ago still takes a place.
        await expectStatuses([send, send], 200);
        assertRateLimited(await send());
      });

      it('lets a request through once the Retry-After delay has passed', async () => {
        const bank = await createBank(t.app);
        const send = () => requestToken(t.app, bank.clientId, bank.clientSecret);
        await expectStatuses([send, send, send], 200);
        const retryAfter = assertRateLimited(await send());
        t.clock.advance(retryAfter * SECOND);
        const response = await send();
        assert.equal(response.statusCode, 200, response.body);
      });

      it('marks a 429 answer Cache-Control: no-store and Pragma: no-cache', async () => {
        const bank = await createBank(t.app);
        await requestTokens(t.app, 3, bank.clientId, 'wrong', 401);
        await assertNextRateLimited(t.app, bank.clientId, bank.clientSecret);
      });

      // It replaces the app under test with a new instance on the same data and settings, which
      // serves the tests after it just as well: its place in the file does not matter.
      it('keeps the count with the data, so another instance on the same database still refuses', async () => {
        const bank = await createBank(t.app);
        await requestTokens(t.app, 3, bank.clientId, bank.clientSecret, 200);
        await t.restart();
        assertRateLimited(await requestToken(t.app, bank.clientId, bank.clientSecret));
      });
    });
  });
}
