import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admin } from '../support/bank.js';
import { MINUTE } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { addOperator, passwordFor, setPasswordByLink, signInRequest } from '../support/operators.js';
import { linkIn, testSmtpServer } from '../support/smtp.js';
import { json, useTestApp } from '../support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`password resets by email (${kind})`, () => {
    const smtp = testSmtpServer({ tls: true });
    const t = useTestApp(kind, { config: smtp.appConfig() });
    const ask = (email: string, ip = '10.1.1.1') =>
      t.app.inject({ method: 'POST', url: '/admin/v1/session/password-reset', payload: { email }, remoteAddress: ip });
    /** Sends what is due; the emails that arrived by then, each once. */
    const delivered = async (count: number) => {
      while ((await t.app.services.emailDelivery.sendDue()) > 0);
      return smtp.waitFor(count);
    };
    const resetLink = async (index: number) => {
      const got = (await delivered(index + 1))[index];
      assert.ok(got);
      return { got, link: linkIn(got.mail, 'http://bis.test/reset') };
    };
    let emails = 0;

    it('answers the same whether or not the email is an operator’s, and emails only the operator', async () => {
      const operator = await addOperator(t.app, 'finance');
      emails = (await delivered(1)).length; // the invitation
      const known = await ask(operator.email.toUpperCase());
      const unknown = await ask('nobody@sacco.example');
      assert.equal(known.statusCode, 202, known.body);
      assert.equal(unknown.statusCode, known.statusCode);
      assert.equal(unknown.body, known.body);
      const { got, link } = await resetLink(emails++);
      assert.deepEqual(got.envelopeTo, [operator.email]);
      assert.equal(got.mail.subject, 'Test Sacco: reset your password');
      assert.match(got.mail.text ?? '', /until 21 Nov 2026, 08:30 \(UTC\)/);
      const page = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /Choose a new password/);
      const newPassword = `${operator.password} renewed`;
      assert.equal((await setPasswordByLink(t.app, link, newPassword)).statusCode, 200);
      assert.equal((await signInRequest(t.app, operator.email, operator.password)).statusCode, 401);
      assert.equal((await signInRequest(t.app, operator.email, newPassword)).statusCode, 200);
      assert.equal((await setPasswordByLink(t.app, link, `${newPassword} again`)).statusCode, 410, 'used twice');
      assert.equal(smtp.received.length, emails, 'an email for an address no operator has');
      const audit = json(await admin(t.app, 'GET', `/audit?target=${operator.operatorId}`));
      const actions = audit.items.map((item: { action: string }) => item.action);
      assert.ok(actions.includes('operator.reset_requested'), actions.join());
      assert.ok(actions.includes('operator.password_reset'), actions.join());
    });

    it('a reset link stops working after 30 minutes, and a newer one replaces it', async () => {
      const operator = await addOperator(t.app, 'viewer');
      emails = (await delivered(emails + 1)).length;
      await ask(operator.email);
      const first = (await resetLink(emails++)).link;
      await ask(operator.email);
      const second = (await resetLink(emails++)).link;
      assert.equal((await t.app.inject({ method: 'GET', url: new URL(first).pathname })).statusCode, 410);
      t.clock.advance(30 * MINUTE);
      assert.equal((await setPasswordByLink(t.app, second, `${passwordFor(operator.email)}!`)).statusCode, 410);
      assert.equal((await signInRequest(t.app, operator.email, operator.password)).statusCode, 200);
    });

    it('a disabled operator gets no reset email', async () => {
      const operator = await addOperator(t.app, 'viewer');
      emails = (await delivered(emails + 1)).length;
      assert.equal(
        (await admin(t.app, 'PATCH', `/operators/${operator.operatorId}`, { disabled: true })).statusCode,
        200,
      );
      assert.equal((await ask(operator.email)).statusCode, 202);
      assert.equal(await t.app.services.emailDelivery.sendDue(), 0);
    });

    it('throttles requests: 3 an hour for one email, 10 an hour from one address', async () => {
      const email = 'someone@sacco.example';
      for (let i = 0; i < 3; i++) assert.equal((await ask(email, `10.2.0.${i}`)).statusCode, 202);
      const refused = await ask(email, '10.2.0.9');
      assert.equal(refused.statusCode, 429);
      assert.ok(Number(refused.headers['retry-after']) > 0);
      for (let i = 0; i < 10; i++) assert.equal((await ask(`other${i}@sacco.example`, '10.3.0.1')).statusCode, 202);
      assert.equal((await ask('other99@sacco.example', '10.3.0.1')).statusCode, 429);
      t.clock.advance(61 * MINUTE);
      assert.equal((await ask(email, '10.3.0.1')).statusCode, 202);
    });
  });

  describe(`without BIS_SMTP_URL, links are shown to copy and nothing is emailed (${kind})`, () => {
    const t = useTestApp(kind);

    it('says email is off, shows the invite link, queues nothing and refuses a reset request', async () => {
      const session = json(await admin(t.app, 'GET', '/session'));
      assert.equal(session.emailOn, false);
      const created = json(
        await admin(t.app, 'POST', '/operators', { email: 'a@sacco.example', name: 'A', role: 'viewer' }),
      );
      assert.equal(created.emailed, false);
      assert.match(created.inviteUrl, /^http:\/\/bis\.test\/invite\//);
      const reset = await t.app.inject({
        method: 'POST',
        url: '/admin/v1/session/password-reset',
        payload: { email: 'a@sacco.example' },
      });
      assert.equal(reset.statusCode, 409);
      assert.match(json(reset).message, /sends no email/);
      assert.equal(await t.app.services.emailDelivery.sendDue(), 0);
      assert.deepEqual(t.app.services.emailJobs, []);
    });
  });
}
