import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.js';
import { OPERATOR_TOKEN_PREFIX } from '../../src/operators/api-tokens-service.js';
import { randomId, randomToken, sha256 } from '../../src/secrets.js';
import { HOUR, SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import {
  addOperator,
  apiToken,
  apiTokenRequest,
  asPage,
  type Role,
  type Session,
  setPasswordByLink,
  signIn,
  signInRequest,
  totpCode,
  turnOnTwoFactor,
} from '../support/operators.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

const owner = { authorization: `Bearer ${ADMIN_TOKEN}` };
const DAY = 24 * HOUR;

// Finding: personal API tokens outlived a password change, a reset, a recovery and disable→enable;
// a session alone could make a 366-day token; admins could not see or revoke other people's tokens.
for (const kind of databaseKinds()) {
  describe(`personal API tokens end with the credentials that made them (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    const works = async (token: string) =>
      (await t.app.inject({ method: 'GET', url: '/admin/v1/session', headers: { authorization: `Bearer ${token}` } }))
        .statusCode === 200;
    /** An operator signed in, with a working API token. */
    async function withToken(role: Role = 'finance') {
      const operator = await addOperator(t.app, role);
      const session = await signIn(t.app, operator.email, operator.password);
      const { token, tokenId } = await apiToken(t.app, session);
      assert.equal(await works(token), true);
      return { ...operator, session, token, tokenId };
    }

    it('a password change revokes every API token of the operator', async () => {
      const operator = await withToken();
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/admin/v1/operators/me/password',
        headers: asPage(operator.session),
        payload: { currentPassword: operator.password, newPassword: 'an entirely different passphrase' },
      });
      assert.equal(changed.statusCode, 204, changed.body);
      assert.equal(await works(operator.token), false);
    });

    it("a password reset through an admin's link revokes them", async () => {
      const operator = await withToken();
      const link = await t.app.inject({
        method: 'POST',
        url: `/admin/v1/operators/${operator.operatorId}/invite`,
        headers: owner,
      });
      assert.equal(link.statusCode, 201);
      const set = await setPasswordByLink(t.app, json(link).inviteUrl, 'a reset passphrase for them');
      assert.equal(set.statusCode, 200, set.body);
      assert.equal(await works(operator.token), false);
    });

    it('a recovery with the setup code revokes them', async () => {
      const operator = await withToken('admin');
      const setupCode = await t.app.services.setupCodes.make();
      const recovered = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/init',
        payload: { setupCode, email: operator.email, name: 'ignored', recover: true },
      });
      assert.equal(recovered.statusCode, 201, recovered.body);
      assert.equal(await works(operator.token), false);
    });

    it('disabling revokes them: enabling again does not bring them back', async () => {
      const operator = await withToken();
      const patch = (disabled: boolean) =>
        t.app.inject({
          method: 'PATCH',
          url: `/admin/v1/operators/${operator.operatorId}`,
          headers: owner,
          payload: { disabled },
        });
      assert.equal((await patch(true)).statusCode, 200);
      assert.equal((await patch(false)).statusCode, 200);
      assert.equal(await works(operator.token), false);
      const listed = await t.app.inject({
        method: 'GET',
        url: '/admin/v1/operators/me/tokens',
        headers: asPage(await signIn(t.app, operator.email, operator.password)),
      });
      assert.notEqual(json(listed).items[0].revokedAt, null, 'shown as revoked');
    });

    it('making a token asks for the password, and a wrong one counts as a failed sign-in', async () => {
      const operator = await addOperator(t.app, 'viewer');
      const session = await signIn(t.app, operator.email, operator.password);
      const without = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/operators/me/tokens',
        headers: asPage(session),
        payload: { name: 'no password', expiresInDays: 30 },
      });
      assert.equal(without.statusCode, 400, 'a session alone does not make a token');
      for (let i = 0; i < 5; i++) {
        const wrong = await apiTokenRequest(t.app, session, { password: `not the password ${i}` });
        assert.equal(wrong.statusCode, 400);
        assert.match(json(wrong).message, /^password: /);
      }
      const locked = await apiTokenRequest(t.app, session);
      assert.equal(locked.statusCode, 429, 'the sixth try waits, right password or not');
      assert.equal(
        (await signInRequest(t.app, operator.email, operator.password)).statusCode,
        429,
        "sign-in's own count",
      );
      const audit = await t.app.inject({
        method: 'GET',
        url: '/admin/v1/audit?action=operator.confirmation_failed',
        headers: owner,
      });
      assert.equal(json(audit).items.filter((r: { target: string }) => r.target === operator.operatorId).length, 5);
    });

    it('making a token asks for the second factor too when it is on', async () => {
      const operator = await addOperator(t.app, 'viewer');
      const session: Session = await signIn(t.app, operator.email, operator.password);
      const { key, confirmed: on } = await turnOnTwoFactor(t.app, session, operator.password, () => t.clock.now());
      assert.equal(on.statusCode, 200, on.body);
      assert.equal((await apiTokenRequest(t.app, session)).statusCode, 400, 'the password alone is not enough');
      const spent = await apiTokenRequest(t.app, session, { code: totpCode(key, t.clock.now()) });
      assert.equal(spent.statusCode, 400, 'the code that turned it on is spent');
      t.clock.advance(30 * SECOND);
      const made = await apiTokenRequest(t.app, session, { code: totpCode(key, t.clock.now()) });
      assert.equal(made.statusCode, 201, made.body);
    });

    it('a token lives at most 90 days unless BIS_API_TOKEN_MAX_LIFETIME says otherwise; a longer one gets 400 naming the maximum', async () => {
      const operator = await addOperator(t.app, 'viewer');
      const session = await signIn(t.app, operator.email, operator.password);
      const long = await apiTokenRequest(t.app, session, { expiresInDays: 366 });
      assert.equal(long.statusCode, 400);
      assert.match(json(long).message, /expiresInDays: .*\b90\b/);
      assert.equal((await apiTokenRequest(t.app, session, { expiresInDays: 91 })).statusCode, 400);
      assert.equal((await apiTokenRequest(t.app, session, { expiresInDays: 90 })).statusCode, 201);
      const longest = await apiTokenRequest(t.app, session, { name: 'no lifetime asked', expiresInDays: undefined });
      assert.equal(longest.statusCode, 201, longest.body);
      assert.equal(Date.parse(json(longest).expiresAt) - t.clock.now().getTime(), 90 * DAY);
    });
  });

  describe(`admins see and revoke other operators' API tokens (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind, { config: { apiTokenMaxLifetime: 30 * DAY } })));
    after(() => t.close());

    it('BIS_API_TOKEN_MAX_LIFETIME caps a token, and a token asked for without a lifetime gets the maximum', async () => {
      const operator = await addOperator(t.app, 'viewer');
      const session = await signIn(t.app, operator.email, operator.password);
      const long = await apiTokenRequest(t.app, session, { expiresInDays: 31 });
      assert.equal(long.statusCode, 400);
      assert.match(json(long).message, /\b30\b/);
      const made = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/operators/me/tokens',
        headers: asPage(session),
        payload: { name: 'as long as allowed', password: operator.password },
      });
      assert.equal(made.statusCode, 201, made.body);
      assert.equal(Date.parse(json(made).expiresAt) - t.clock.now().getTime(), 30 * DAY);
      assert.equal(loadConfig({}).apiTokenMaxLifetime, 90 * DAY);
      assert.equal(loadConfig({ BIS_API_TOKEN_MAX_LIFETIME: '7d' }).apiTokenMaxLifetime, 7 * DAY);
      assert.throws(() => loadConfig({ BIS_API_TOKEN_MAX_LIFETIME: '12h' }), /BIS_API_TOKEN_MAX_LIFETIME/);
    });

    it("a token made to last longer than today's maximum (before the cap, or before it was lowered) ends at the maximum", async () => {
      const operator = await addOperator(t.app, 'viewer');
      // As an older version made it: for a year, with no cap.
      const token = `${OPERATOR_TOKEN_PREFIX}${randomToken(32)}`;
      await t.database.db
        .insertInto('operator_tokens')
        .values({
          id: randomId(),
          operator_id: operator.operatorId,
          name: 'made for a year',
          token_hash: sha256(token),
          created_at: t.clock.now(),
          expires_at: new Date(t.clock.now().getTime() + 366 * DAY),
          revoked_at: null,
          last_used_at: null,
        })
        .execute();
      const call = { method: 'GET', url: '/admin/v1/session', headers: { authorization: `Bearer ${token}` } } as const;
      t.clock.advance(30 * DAY - 60_000);
      assert.equal((await t.app.inject(call)).statusCode, 200, 'within the 30 days of BIS_API_TOKEN_MAX_LIFETIME');
      t.clock.advance(60_000);
      assert.equal((await t.app.inject(call)).statusCode, 401, 'made 30 days ago: ended, though made for a year');
    });

    it("an admin lists an operator's tokens, never the token or its hash, and revokes one, audited; no other role may", async () => {
      const operator = await addOperator(t.app, 'finance');
      const { token, tokenId } = await apiToken(
        t.app,
        await signIn(t.app, operator.email, operator.password),
        'laptop',
      );
      const admin = await addOperator(t.app, 'admin');
      const adminPage = asPage(await signIn(t.app, admin.email, admin.password));
      const listed = await t.app.inject({
        method: 'GET',
        url: `/admin/v1/operators/${operator.operatorId}/tokens`,
        headers: adminPage,
      });
      assert.equal(listed.statusCode, 200, listed.body);
      assert.deepEqual(
        json(listed).items.map((item: { tokenId: string; name: string }) => [item.tokenId, item.name]),
        [[tokenId, 'laptop']],
      );
      const stored = await t.database.db
        .selectFrom('operator_tokens')
        .select('token_hash')
        .where('id', '=', tokenId)
        .executeTakeFirstOrThrow();
      assert.ok(!listed.body.includes(token) && !listed.body.includes(stored.token_hash));
      for (const role of ['viewer', 'finance'] as const) {
        const other = await addOperator(t.app, role);
        const page = asPage(await signIn(t.app, other.email, other.password));
        const url = `/admin/v1/operators/${operator.operatorId}/tokens`;
        assert.equal((await t.app.inject({ method: 'GET', url, headers: page })).statusCode, 403);
        assert.equal(
          (await t.app.inject({ method: 'DELETE', url: `${url}/${tokenId}`, headers: page })).statusCode,
          403,
        );
      }
      const revoked = await t.app.inject({
        method: 'DELETE',
        url: `/admin/v1/operators/${operator.operatorId}/tokens/${tokenId}`,
        headers: adminPage,
      });
      assert.equal(revoked.statusCode, 204, revoked.body);
      const bearer = { authorization: `Bearer ${token}` };
      assert.equal((await t.app.inject({ method: 'GET', url: '/admin/v1/session', headers: bearer })).statusCode, 401);
      const unknown = await t.app.inject({
        method: 'DELETE',
        url: `/admin/v1/operators/${admin.operatorId}/tokens/${tokenId}`,
        headers: adminPage,
      });
      assert.equal(unknown.statusCode, 404, "another operator's token is not theirs to revoke by this path");
      const audit = await t.app.inject({
        method: 'GET',
        url: '/admin/v1/audit?action=operator.token_revoked',
        headers: owner,
      });
      const record = json(audit).items.find((r: { target: string }) => r.target === tokenId);
      assert.equal(record?.actor, admin.email);
      assert.equal(record?.targetName, 'laptop');
    });
  });
}
