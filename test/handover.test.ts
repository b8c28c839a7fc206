import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { ISO_DATE_TIME } from './support/admin.js';
import { admin, basic, createBank, issueAndReveal, requestToken } from './support/bank.js';
import { HOUR, MINUTE, SECOND } from './support/clock.js';
import { databaseKinds } from './support/databases.js';
import { json, startTestApp, type TestApp } from './support/test-app.js';
import { assertTokenRefused } from './support/token.js';

const SECRET_ALPHABET = /^[A-Za-z0-9\-._~]+$/;

const pathOf = (handoverUrl: string) => new URL(handoverUrl).pathname;

function getLink(app: FastifyInstance, path: string) {
  return app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
}

function postLinkJson(app: FastifyInstance, path: string) {
  return app.inject({ method: 'POST', url: path, headers: { accept: 'application/json' } });
}

/** What a browser sends when the button is pressed: an empty form, asking for HTML. */
function postLinkHtml(app: FastifyInstance, path: string) {
  return app.inject({
    method: 'POST',
    url: path,
    headers: { accept: 'text/html,application/xhtml+xml', 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
}

async function newClient(app: FastifyInstance, name = 'Hand-over Bank'): Promise<string> {
  const created = await admin(app, 'POST', '/clients', { name });
  assert.equal(created.statusCode, 201, created.body);
  return json(created).clientId;
}

async function issue(app: FastifyInstance, clientId: string) {
  const issued = await admin(app, 'POST', `/clients/${clientId}/secrets`);
  assert.equal(issued.statusCode, 201, issued.body);
  return json(issued) as { secretId: string; handoverUrl: string; expiresAt: string };
}

function basicToken(app: FastifyInstance, clientId: string, clientSecret: string) {
  return app.inject({
    method: 'POST',
    url: '/oauth/v1/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: basic(clientId, clientSecret),
    },
    payload: 'grant_type=client_credentials',
  });
}

/** The headers both hand-over pages must carry, whatever the outcome. */
function assertPageHeaders(response: LightMyRequestResponse, label: string) {
  assert.equal(response.headers['cache-control'], 'no-store', `${label}: Cache-Control`);
  assert.equal(response.headers['referrer-policy'], 'no-referrer', `${label}: Referrer-Policy`);
  const csp = String(response.headers['content-security-policy'] ?? '');
  assert.match(
    csp,
    /(^|;)\s*default-src 'none'\s*(;|$)/,
    `${label}: Content-Security-Policy is ${JSON.stringify(csp)}`,
  );
}

/** An HTML page that loads nothing from anywhere else: a link scanner or a hostile CDN must learn nothing. */
function assertSelfContainedHtml(response: LightMyRequestResponse, label: string) {
  assert.match(String(response.headers['content-type']), /^text\/html/, `${label}: content type`);
  const body = response.body;
  assert.doesNotMatch(
    body,
    /\b(src|href|srcset|action|poster|data)\s*=\s*["']?\s*(https?:)?\/\//i,
    `${label}: attribute pointing at another host`,
  );
  assert.doesNotMatch(body, /<script[^>]*\bsrc\s*=/i, `${label}: external script`);
  assert.doesNotMatch(body, /<link[^>]*\bhref\s*=\s*["']?\s*(https?:)?\/\//i, `${label}: external stylesheet or link`);
  assert.doesNotMatch(body, /<img[^>]*\bsrc\s*=\s*["']?\s*(https?:)?\/\//i, `${label}: external image`);
  assert.doesNotMatch(body, /url\(\s*["']?\s*(https?:)?\/\//i, `${label}: external CSS resource`);
  assert.doesNotMatch(body, /@import/i, `${label}: CSS import`);
}

function assertRevealsNothing(response: LightMyRequestResponse, label: string, ...secrets: string[]) {
  assert.doesNotMatch(response.body, /client_secret"\s*:/, `${label}: a client_secret field`);
  for (const secret of secrets) assert.ok(!response.body.includes(secret), `${label}: the body contains ${secret}`);
}

/** Every key of a JSON value, however deep. */
function allKeys(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(allKeys);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...allKeys(inner)]);
  }
  return [];
}

for (const kind of databaseKinds()) {
  describe(`secure hand-over of client credentials (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    describe('issuing a secret', () => {
      it('answers 201 {secretId, handoverUrl, expiresAt} with a link under the public URL that expires after 72 hours', async () => {
        const clientId = await newClient(t.app);
        const issuedAt = t.clock.now().getTime();
        const issued = await admin(t.app, 'POST', `/clients/${clientId}/secrets`);
        assert.equal(issued.statusCode, 201, issued.body);
        const body = json(issued);
        assert.deepEqual(Object.keys(body).sort(), ['emailedTo', 'expiresAt', 'handoverUrl', 'secretId']);
        assert.equal(body.emailedTo, null, 'emailed without being asked');
        assert.equal(typeof body.secretId, 'string');
        assert.ok(body.secretId.length > 0);
        assert.match(body.handoverUrl, /^http:\/\/bis\.test\/handover\/[^/?#]+$/);
        assert.match(body.expiresAt, ISO_DATE_TIME);
        assert.equal(Date.parse(body.expiresAt), issuedAt + 72 * HOUR);
      });

      it('puts at least 128 random bits in the link token (22 or more base64url characters), different each time', async () => {
        const clientId = await newClient(t.app);
        const first = await issue(t.app, clientId);
        const second = await issue(t.app, clientId);
        const tokens = [first, second].map((issued) => pathOf(issued.handoverUrl).slice('/handover/'.length));
        for (const token of tokens) {
          assert.match(token, /^[A-Za-z0-9_-]{22,}$/, `link token ${token}`);
        }
        assert.notEqual(tokens[0], tokens[1]);
        assert.notEqual(first.secretId, second.secretId);
      });

      it('answers 404 for a client that does not exist', async () => {
        const issued = await admin(t.app, 'POST', '/clients/no-such-client/secrets');
        assert.equal(issued.statusCode, 404, issued.body);
      });
    });

    describe('opening the link (GET)', () => {
      it('shows an HTML page with a "Reveal credentials" button and no secret', async () => {
        const clientId = await newClient(t.app);
        const { handoverUrl } = await issue(t.app, clientId);
        const page = await getLink(t.app, pathOf(handoverUrl));
        assert.equal(page.statusCode, 200, page.body);
        assert.match(String(page.headers['content-type']), /^text\/html/);
        assert.match(page.body, /<button[^>]*>\s*Reveal credentials\s*<\/button>/);
        assert.match(page.body, /<form[^>]*method=["']?post/i);
        assert.doesNotMatch(page.body, /[A-Za-z0-9\-._~]{43,}/, 'something shaped like a secret is on the page');
        assert.doesNotMatch(page.body, /client_secret"\s*:/);
      });

      it('does not use up the link, however often it is fetched (link scanners fetch GET links)', async () => {
        const clientId = await newClient(t.app);
        const { handoverUrl } = await issue(t.app, clientId);
        const path = pathOf(handoverUrl);
        for (let i = 0; i < 3; i++) {
          const page = await getLink(t.app, path);
          assert.equal(page.statusCode, 200, `GET #${i + 1}: ${page.body}`);
        }
        const revealed = await postLinkJson(t.app, path);
        assert.equal(revealed.statusCode, 200, revealed.body);
        assert.equal(json(revealed).client_id, clientId);
      });
    });

    describe('revealing (POST)', () => {
      it('reveals exactly {client_id, client_secret} as JSON when asked with Accept: application/json', async () => {
        const clientId = await newClient(t.app);
        const { handoverUrl } = await issue(t.app, clientId);
        const revealed = await postLinkJson(t.app, pathOf(handoverUrl));
        assert.equal(revealed.statusCode, 200, revealed.body);
        assert.match(String(revealed.headers['content-type']), /^application\/json/);
        const body = json(revealed);
        assert.deepEqual(Object.keys(body).sort(), ['client_id', 'client_secret']);
        assert.equal(body.client_id, clientId);
        assert.equal(typeof body.client_secret, 'string');
      });

      it('gives a secret of at least 43 characters (256 bits), all from A-Z a-z 0-9 - . _ ~', async () => {
        const clientId = await newClient(t.app);
        const seen = new Set<string>();
        for (let i = 0; i < 2; i++) {
          const { clientSecret } = await issueAndReveal(t.app, clientId);
          assert.ok(clientSecret.length >= 43, `secret ${clientSecret} is ${clientSecret.length} characters`);
          assert.match(clientSecret, SECRET_ALPHABET);
          seen.add(clientSecret);
        }
        assert.equal(seen.size, 2, 'two reveals gave the same secret');
      });

      it('gives a secret that gets a token at the token endpoint, by HTTP Basic and by form', async () => {
        const clientId = await newClient(t.app);
        const { clientSecret } = await issueAndReveal(t.app, clientId);

        // The secret's alphabet needs no form-encoding, so it goes into Basic as it is.
        const byBasic = await basicToken(t.app, clientId, clientSecret);
        assert.equal(byBasic.statusCode, 200, byBasic.body);
        assert.equal(json(byBasic).token_type, 'Bearer');
        assert.equal(typeof json(byBasic).access_token, 'string');

        const byForm = await requestToken(t.app, clientId, clientSecret);
        assert.equal(byForm.statusCode, 200, byForm.body);
        assert.equal(json(byForm).token_type, 'Bearer');
      });

      it('shows an HTML page with both client_id and client_secret when JSON is not asked for', async () => {
        const clientId = await newClient(t.app);
        const { handoverUrl } = await issue(t.app, clientId);
        const revealed = await postLinkHtml(t.app, pathOf(handoverUrl));
        assert.equal(revealed.statusCode, 200, revealed.body);
        assert.match(String(revealed.headers['content-type']), /^text\/html/);
        assert.ok(revealed.body.includes(clientId), 'the page does not show the client_id');

        // The page shows the secret somewhere; whichever candidate gets a token is it.
        const candidates = [...new Set(revealed.body.match(/[A-Za-z0-9\-._~]{43,}/g) ?? [])];
        assert.ok(candidates.length > 0, 'the page shows nothing shaped like a secret');
        const answers = await Promise.all(candidates.map((candidate) => requestToken(t.app, clientId, candidate)));
        assert.ok(
          answers.some((answer) => answer.statusCode === 200),
          `no string on the page gets a token: ${JSON.stringify(candidates)}`,
        );
      });

      it('reveals once: a second POST answers 410 and does not show the secret again', async () => {
        const clientId = await newClient(t.app);
        const { handoverUrl } = await issue(t.app, clientId);
        const path = pathOf(handoverUrl);
        const first = await postLinkJson(t.app, path);
        assert.equal(first.statusCode, 200, first.body);
        const secret = json(first).client_secret as string;

        const againJson = await postLinkJson(t.app, path);
        assert.equal(againJson.statusCode, 410, againJson.body);
        assertRevealsNothing(againJson, 'second POST (JSON)', secret);

        const againHtml = await postLinkHtml(t.app, path);
        assert.equal(againHtml.statusCode, 410, againHtml.body);
        assertRevealsNothing(againHtml, 'second POST (HTML)', secret);

        const page = await getLink(t.app, path);
        assert.ok([404, 410].includes(page.statusCode), `GET after use answered ${page.statusCode}`);
        assert.doesNotMatch(page.body, /Reveal credentials/);
        assertRevealsNothing(page, 'GET after use', secret);

        // The first reveal stays the one that counts.
        const token = await requestToken(t.app, clientId, secret);
        assert.equal(token.statusCode, 200, token.body);
      });

      it('answers 410 for a second POST also when the first one asked for HTML', async () => {
        const clientId = await newClient(t.app);
        const { handoverUrl } = await issue(t.app, clientId);
        const path = pathOf(handoverUrl);
        const first = await postLinkHtml(t.app, path);
        assert.equal(first.statusCode, 200, first.body);
        const again = await postLinkJson(t.app, path);
        assert.equal(again.statusCode, 410, again.body);
        assertRevealsNothing(again, 'second POST');
      });
    });

    describe('links that cannot be used', () => {
      it('answers 404 to GET and POST of a link that was never issued, revealing nothing', async () => {
        const path = `/handover/${'A'.repeat(43)}`;
        const page = await getLink(t.app, path);
        assert.equal(page.statusCode, 404, page.body);
        assert.doesNotMatch(page.body, /Reveal credentials/);
        const postJson = await postLinkJson(t.app, path);
        assert.equal(postJson.statusCode, 404, postJson.body);
        assertRevealsNothing(postJson, 'POST (JSON) of an unknown link');
        const postHtml = await postLinkHtml(t.app, path);
        assert.equal(postHtml.statusCode, 404, postHtml.body);
        assertRevealsNothing(postHtml, 'POST (HTML) of an unknown link');
      });

      it('answers 410 to GET and POST once the link is older than 72 hours, revealing nothing', async () => {
        const clientId = await newClient(t.app);
        const { handoverUrl } = await issue(t.app, clientId);
        const path = pathOf(handoverUrl);
        t.clock.advance(72 * HOUR - MINUTE);
        assert.equal((await getLink(t.app, path)).statusCode, 200, 'the link died before its 72 hours were up');
        t.clock.advance(MINUTE + SECOND);

        const page = await getLink(t.app, path);
        assert.equal(page.statusCode, 410, page.body);
        assert.doesNotMatch(page.body, /Reveal credentials/);
        const postJson = await postLinkJson(t.app, path);
        assert.equal(postJson.statusCode, 410, postJson.body);
        assertRevealsNothing(postJson, 'POST (JSON) of an expired link');
        assert.ok(!postJson.body.includes(clientId), 'an expired link told the client_id');
        const postHtml = await postLinkHtml(t.app, path);
        assert.equal(postHtml.statusCode, 410, postHtml.body);
        assertRevealsNothing(postHtml, 'POST (HTML) of an expired link');
        assert.ok(!postHtml.body.includes(clientId), 'an expired link told the client_id');
      });

      it('kills the link of an unrevealed secret when the secret is revoked (POST answers 410)', async () => {
        const clientId = await newClient(t.app);
        const { secretId, handoverUrl } = await issue(t.app, clientId);
        const revoked = await admin(t.app, 'DELETE', `/clients/${clientId}/secrets/${secretId}`);
        assert.equal(revoked.statusCode, 204, revoked.body);
        const path = pathOf(handoverUrl);
        const postJson = await postLinkJson(t.app, path);
        assert.equal(postJson.statusCode, 410, postJson.body);
        assertRevealsNothing(postJson, 'POST of a revoked link');
        const page = await getLink(t.app, path);
        assert.equal(page.statusCode, 410, page.body);
        assert.doesNotMatch(page.body, /Reveal credentials/);
      });
    });

    describe('what every hand-over page carries', () => {
      it("sends Cache-Control: no-store, Referrer-Policy: no-referrer and a CSP with default-src 'none' on GET and POST, success and failure", async () => {
        const clientId = await newClient(t.app);
        const first = pathOf((await issue(t.app, clientId)).handoverUrl);
        const second = pathOf((await issue(t.app, clientId)).handoverUrl);
        const unknown = `/handover/${'B'.repeat(43)}`;

        const answers: [string, LightMyRequestResponse, number][] = [
          ['GET of a live link', await getLink(t.app, first), 200],
          ['POST (HTML) of a live link', await postLinkHtml(t.app, first), 200],
          ['POST (JSON) of a live link', await postLinkJson(t.app, second), 200],
          ['GET of a used link', await getLink(t.app, first), 410],
          ['POST (HTML) of a used link', await postLinkHtml(t.app, first), 410],
          ['POST (JSON) of a used link', await postLinkJson(t.app, second), 410],
          ['GET of an unknown link', await getLink(t.app, unknown), 404],
          ['POST (HTML) of an unknown link', await postLinkHtml(t.app, unknown), 404],
          ['POST (JSON) of an unknown link', await postLinkJson(t.app, unknown), 404],
        ];
        for (const [label, response, status] of answers) {
          assert.equal(response.statusCode, status, `${label}: ${response.body}`);
          assertPageHeaders(response, label);
        }
      });

      it('loads no script, stylesheet, image or anything else from another host', async () => {
        const clientId = await newClient(t.app);
        const path = pathOf((await issue(t.app, clientId)).handoverUrl);
        const pages: [string, LightMyRequestResponse][] = [
          ['GET of a live link', await getLink(t.app, path)],
          ['POST of a live link', await postLinkHtml(t.app, path)],
          ['GET of a used link', await getLink(t.app, path)],
          ['POST of a used link', await postLinkHtml(t.app, path)],
          ['GET of an unknown link', await getLink(t.app, `/handover/${'C'.repeat(43)}`)],
          ['POST of an unknown link', await postLinkHtml(t.app, `/handover/${'C'.repeat(43)}`)],
        ];
        for (const [label, page] of pages) assertSelfContainedHtml(page, label);
      });
    });

    describe('at most two active secrets per client', () => {
      it('answers 409 with a clear JSON message {error, message} when a third secret is issued', async () => {
        const bank = await createBank(t.app, 'Two Secrets Bank');
        await issue(t.app, bank.clientId);
        const third = await admin(t.app, 'POST', `/clients/${bank.clientId}/secrets`);
        assert.equal(third.statusCode, 409, third.body);
        const body = json(third);
        assert.equal(typeof body.error, 'string');
        assert.equal(typeof body.message, 'string');
        assert.match(body.message, /secret/i);
        assert.match(body.message, /\b(2|two)\b/i, `the message does not say what the limit is: ${body.message}`);
        const shown = json(await admin(t.app, 'GET', `/clients/${bank.clientId}`));
        assert.equal(shown.secrets.length, 2, 'the refused request still made a secret');
      });

      it('lets both active secrets get tokens at the same time', async () => {
        const clientId = await newClient(t.app);
        const one = await issueAndReveal(t.app, clientId);
        const two = await issueAndReveal(t.app, clientId);
        assert.equal((await requestToken(t.app, clientId, one.clientSecret)).statusCode, 200);
        assert.equal((await requestToken(t.app, clientId, two.clientSecret)).statusCode, 200);
      });

      it('frees a slot when one of two secrets is revoked', async () => {
        const bank = await createBank(t.app, 'Rotating Bank');
        await issueAndReveal(t.app, bank.clientId);
        assert.equal((await admin(t.app, 'POST', `/clients/${bank.clientId}/secrets`)).statusCode, 409);
        const revoked = await admin(t.app, 'DELETE', `/clients/${bank.clientId}/secrets/${bank.secretId}`);
        assert.equal(revoked.statusCode, 204, revoked.body);
        const next = await admin(t.app, 'POST', `/clients/${bank.clientId}/secrets`);
        assert.equal(next.statusCode, 201, next.body);
      });

      it('counts an unrevealed secret against the limit while its link can still be used', async () => {
        const clientId = await newClient(t.app);
        await issue(t.app, clientId);
        await issue(t.app, clientId);
        const third = await admin(t.app, 'POST', `/clients/${clientId}/secrets`);
        assert.equal(third.statusCode, 409, third.body);
      });

      it('frees the slot of an unrevealed secret whose link ran out', async () => {
        const bank = await createBank(t.app, 'Slow Bank');
        const { handoverUrl } = await issue(t.app, bank.clientId);
        assert.equal((await admin(t.app, 'POST', `/clients/${bank.clientId}/secrets`)).statusCode, 409);
        t.clock.advance(72 * HOUR + SECOND);
        const next = await admin(t.app, 'POST', `/clients/${bank.clientId}/secrets`);
        assert.equal(next.statusCode, 201, next.body);
        // The revealed secret keeps its slot: with the new link there are two again.
        assert.equal((await admin(t.app, 'POST', `/clients/${bank.clientId}/secrets`)).statusCode, 409);
        assert.equal((await postLinkJson(t.app, pathOf(handoverUrl))).statusCode, 410);
      });

      it('stops new tokens from a revoked secret at once, while a token already issued keeps working', async () => {
        const bank = await createBank(t.app, 'Revoking Bank');
        const issued = await requestToken(t.app, bank.clientId, bank.clientSecret);
        assert.equal(issued.statusCode, 200, issued.body);
        const token = json(issued).access_token as string;
        assert.equal(
          (await admin(t.app, 'DELETE', `/clients/${bank.clientId}/secrets/${bank.secretId}`)).statusCode,
          204,
        );

        await assertTokenRefused(t.app, bank.clientId, bank.clientSecret);

        const call = await t.app.inject({
          method: 'POST',
          url: '/bank/v1/validate',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ customerRef: '7654321' }),
        });
        assert.notEqual(call.statusCode, 401, 'a token issued before the revocation stopped working');
      });
    });

    describe('GET /admin/v1/clients/{clientId}', () => {
      it("lists the client's secrets with id, state and dates, and never a hash", async () => {
        const bank = await createBank(t.app, 'Listed Bank');
        const pending = await issue(t.app, bank.clientId);
        assert.equal(
          (await admin(t.app, 'DELETE', `/clients/${bank.clientId}/secrets/${pending.secretId}`)).statusCode,
          204,
        );

        const shown = await admin(t.app, 'GET', `/clients/${bank.clientId}`);
        assert.equal(shown.statusCode, 200, shown.body);
        const body = json(shown);
        assert.equal(body.clientId, bank.clientId);
        assert.equal(body.name, 'Listed Bank');
        assert.ok(Array.isArray(body.secrets), 'no secrets list');
        assert.equal(body.secrets.length, 2);

        const find = (secretId: string) =>
          body.secrets.find((s: Record<string, unknown>) => Object.values(s).includes(secretId));
        const revealed = find(bank.secretId);
        const revoked = find(pending.secretId);
        assert.ok(revealed, 'the revealed secret is not listed by its id');
        assert.ok(revoked, 'the revoked secret is not listed by its id');
        assert.match(String(revealed.state), /active/i);
        assert.match(String(revoked.state), /revoked/i);
        for (const secret of [revealed, revoked]) {
          const dates = Object.values(secret).filter((v) => typeof v === 'string' && ISO_DATE_TIME.test(v));
          assert.ok(dates.length > 0, `secret without dates: ${JSON.stringify(secret)}`);
        }

        assert.doesNotMatch(shown.body, /[0-9a-fA-F]{64}/, 'something shaped like a SHA-256 hash is in the answer');
        const hashKeys = allKeys(body).filter((key) => /hash/i.test(key));
        assert.deepEqual(hashKeys, [], 'keys naming a hash');
        assert.ok(!shown.body.includes(bank.clientSecret), 'the plaintext secret is in the answer');
      });
    });
  });

  describe(`hand-over link lifetime from configuration (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind, { config: { handoverTtl: 10 * MINUTE } })));
    after(() => t.close());

    it('expires the link after the configured handoverTtl, and until then it still reveals', async () => {
      const clientId = await newClient(t.app);
      const issuedAt = t.clock.now().getTime();
      const early = await issue(t.app, clientId);
      const late = await issue(t.app, clientId);
      assert.equal(Date.parse(early.expiresAt), issuedAt + 10 * MINUTE);

      t.clock.advance(9 * MINUTE);
      const inTime = await postLinkJson(t.app, pathOf(early.handoverUrl));
      assert.equal(inTime.statusCode, 200, inTime.body);

      t.clock.advance(MINUTE + SECOND);
      const tooLate = await postLinkJson(t.app, pathOf(late.handoverUrl));
      assert.equal(tooLate.statusCode, 410, tooLate.body);
      assertRevealsNothing(tooLate, 'POST after handoverTtl');
      assert.equal((await getLink(t.app, pathOf(late.handoverUrl))).statusCode, 410);
    });
  });
}
