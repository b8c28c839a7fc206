import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { admin, bankWithToken, putMember } from '../support/bank.js';
import { databaseKinds } from '../support/databases.js';
import { heldPayment } from '../support/money-desk.js';
import { addOperator, apiToken, asPage, signIn, signInRequest, turnOnTwoFactor } from '../support/operators.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from '../support/test-app.js';

interface Record_ {
  action: string;
  actor: string;
  operatorId: string | null;
  target: string;
  targetName: string | null;
}

for (const kind of databaseKinds()) {
  describe(`who did it, in the audit (${kind})`, () => {
    let t: TestApp;
    before(async () => (t = await startTestApp(kind)));
    after(() => t.close());

    const audit = async (query = '') =>
      json(
        await t.app.inject({
          method: 'GET',
          url: `/admin/v1/audit?limit=1000${query}`,
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        }),
      ).items as Record_[];

    it('names the operator by id and email, or "owner token"', async () => {
      const admin = await addOperator(t.app, 'admin');
      const session = await signIn(t.app, admin.email, admin.password);
      const made = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/clients',
        headers: asPage(session),
        payload: { name: 'By Amina' },
      });
      const byOwner = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/clients',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { name: 'By the owner' },
      });
      const records = await audit();
      const ofAdmin = records.find((r) => r.action === 'client.created' && r.target === json(made).clientId);
      assert.deepEqual([ofAdmin?.actor, ofAdmin?.operatorId], [admin.email, admin.operatorId]);
      const ofOwner = records.find((r) => r.action === 'client.created' && r.target === json(byOwner).clientId);
      assert.deepEqual([ofOwner?.actor, ofOwner?.operatorId], ['owner token', null]);
    });

    it('records sign-ins, failed sign-ins, two-factor changes, token creation and role changes, filtered by operator', async () => {
      const finance = await addOperator(t.app, 'finance');
      await signInRequest(t.app, finance.email, 'not the password at all');
      const session = await signIn(t.app, finance.email, finance.password);
      await apiToken(t.app, session, 'for the audit');
      await turnOnTwoFactor(t.app, session, session.password, () => t.clock.now());
      await t.app.inject({
        method: 'PATCH',
        url: `/admin/v1/operators/${finance.operatorId}`,
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { role: 'viewer' },
      });
      const theirs = (await audit(`&operator=${encodeURIComponent(finance.email.toUpperCase())}`)).map((r) => r.action);
      for (const action of [
        'operator.signed_in',
        'operator.token_created',
        'operator.two_factor_enabled',
        'operator.recovery_codes_replaced',
      ]) {
        assert.ok(theirs.includes(action), `${action} in ${theirs}`);
      }
      const all = await audit();
      const failed = all.find(
        (r) => r.action === 'operator.sign_in_failed' && r.target === finance.email.toLowerCase(),
      );
      assert.ok(failed, 'the failed sign-in, by the address that tried');
      const role = all.find((r) => r.action === 'operator.role_changed' && r.target === finance.operatorId);
      assert.equal(role?.actor, 'owner token');
      const ownerOnly = await audit('&operator=owner%20token');
      assert.ok(ownerOnly.length > 0 && ownerOnly.every((r) => r.actor === 'owner token'));
    });

    it('filters by action, or by kind of action (before the dot), several at once', async () => {
      const member = await t.app.inject({
        method: 'PUT',
        url: '/admin/v1/members/7654321',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { fullName: 'Wanjiru Kamau', status: 'active' },
      });
      assert.equal(member.statusCode, 201);
      const all = await audit();
      const kinds = await audit('&action=operator,client.created');
      const expected = all.filter((r) => r.action.startsWith('operator.') || r.action === 'client.created');
      assert.ok(expected.some((r) => r.action === 'client.created') && expected.length < all.length);
      assert.deepEqual(kinds, expected);
      assert.deepEqual(
        await audit('&action=operator.role_changed'),
        all.filter((r) => r.action === 'operator.role_changed'),
      );
      assert.deepEqual(await audit('&action=operat'), [], 'a kind is whole, not the start of one');
      assert.deepEqual(await audit('&action=operato_'), [], 'nor a pattern');
      const bad = await t.app.inject({
        method: 'GET',
        url: '/admin/v1/audit?action=DROP%20TABLE',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
      });
      assert.equal(bad.statusCode, 400);
    });

    it('names what each record acted on: a bank, its secret, a member, an operator, a token, a webhook, a payment', async () => {
      const bank = await bankWithToken(t.app, 'Named Bank');
      await putMember(t.app, '7111111', 'Achieng Named');
      const finance = await addOperator(t.app, 'finance');
      const { tokenId } = await apiToken(t.app, await signIn(t.app, finance.email, finance.password), 'named token');
      const webhook = await admin(t.app, 'POST', '/webhooks', {
        url: 'https://erp.example/named-hook',
        events: ['payment.accepted'],
      });
      assert.equal(webhook.statusCode, 201, webhook.body);
      const { paymentId, body } = await heldPayment(t.app, bank);
      const returned = await admin(t.app, 'POST', `/payments/${paymentId}/return`, { note: 'not ours' });
      assert.equal(returned.statusCode, 200, returned.body);
      await signInRequest(t.app, 'nobody@sacco.example', 'not a password at all');

      const all = await audit();
      const nameOf = (action: string, target: string) =>
        all.find((r) => r.action === action && r.target === target)?.targetName;
      assert.equal(nameOf('client.created', bank.clientId), 'Named Bank');
      assert.equal(nameOf('secret.revealed', bank.secretId), 'Named Bank', "a secret is named by its bank's name");
      assert.equal(nameOf('member.created', '7111111'), 'Achieng Named');
      const operator = json(await admin(t.app, 'GET', `/operators/${finance.operatorId}`));
      assert.equal(nameOf('operator.created', finance.operatorId), operator.name);
      assert.equal(nameOf('operator.token_created', tokenId), 'named token');
      assert.equal(nameOf('webhook.created', json(webhook).webhookId), 'https://erp.example/named-hook');
      assert.equal(nameOf('payment.returned', String(paymentId)), body.transactionReference);
      assert.equal(
        nameOf('operator.sign_in_failed', '(no such account)'),
        null,
        'a failed sign-in for an email no account has names neither an account nor the text typed',
      );
    });
  });
}
