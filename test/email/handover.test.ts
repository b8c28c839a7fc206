import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { admin } from '../support/bank.js';
import { SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { linkIn, testSmtpServer } from '../support/smtp.js';
import { json, useRestartableApp, useTestApp } from '../support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`a bank's hand-over link by email (${kind})`, () => {
    const smtp = testSmtpServer({ tls: true });
    const t = useTestApp(kind, {
      config: smtp.appConfig({
        organisationName: 'Umoja Sacco',
      }),
    });
    const send = async () => {
      while ((await t.app.services.emailDelivery.sendDue()) > 0);
    };

    it('keeps a contact email per bank, set through the admin API, and audits it', async () => {
      const created = await admin(t.app, 'POST', '/clients', {
        name: 'Equity Bank',
        contactEmail: 'it@equity.example',
      });
      assert.equal(created.statusCode, 201, created.body);
      assert.equal(json(created).contactEmail, 'it@equity.example');
      const { clientId } = json(created);
      const bad = await admin(t.app, 'PATCH', `/clients/${clientId}`, { contactEmail: 'not an address' });
      assert.equal(bad.statusCode, 400, bad.body);
      const changed = await admin(t.app, 'PATCH', `/clients/${clientId}`, { contactEmail: 'api@equity.example' });
      assert.equal(json(changed).contactEmail, 'api@equity.example');
      assert.equal(json(await admin(t.app, 'GET', `/clients/${clientId}`)).contactEmail, 'api@equity.example');
      const audit = json(await admin(t.app, 'GET', `/audit?target=${clientId}`));
      assert.ok(audit.items.some((item: { action: string }) => item.action === 'client.contact_email_set'));
    });

    it('emails the link to the contact when asked, the subject naming the organisation and the bank', async () => {
      const { clientId } = json(
        await admin(t.app, 'POST', '/clients', { name: 'KCB', contactEmail: 'ops@kcb.example' }),
      );
      const plain = await admin(t.app, 'POST', `/clients/${clientId}/secrets`);
      assert.equal(plain.statusCode, 201, plain.body);
      assert.equal(json(plain).emailedTo, null);
      const issued = await admin(t.app, 'POST', `/clients/${clientId}/secrets?email=true`);
      assert.equal(issued.statusCode, 201, issued.body);
      assert.equal(json(issued).emailedTo, 'ops@kcb.example');
      await send();
      const [got] = await smtp.waitFor(1);
      assert.ok(got);
      assert.equal(smtp.received.length, 1, 'the secret issued without email was emailed');
      assert.deepEqual(got.envelopeTo, ['ops@kcb.example']);
      assert.equal(got.mail.subject, 'Umoja Sacco: new API credentials for KCB');
      const link = linkIn(got.mail, 'http://bis.test/handover');
      assert.equal(link, json(issued).handoverUrl);
      assert.ok((got.mail.text ?? '').includes(clientId));
      const shown = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
      assert.equal(shown.statusCode, 200);
    });

    it('refuses to email a bank with no contact email, issuing nothing', async () => {
      const { clientId } = json(await admin(t.app, 'POST', '/clients', { name: 'No Contact Bank' }));
      const refused = await admin(t.app, 'POST', `/clients/${clientId}/secrets?email=true`);
      assert.equal(refused.statusCode, 409, refused.body);
      assert.match(json(refused).message, /No Contact Bank has no contact email/);
      assert.deepEqual(json(await admin(t.app, 'GET', `/clients/${clientId}`)).secrets, []);
    });
  });

  describe(`STARTTLS is required unless the URL says otherwise (${kind})`, () => {
    const smtp = testSmtpServer({ tls: false });
    const t = useRestartableApp(kind, {
      config: {
        get smtp() {
          return { ...smtp.settings(), starttls: 'required' as const };
        },
        mailFrom: 'payments@sacco.example',
      },
    });

    it('sends nothing to a server that offers no STARTTLS, and sends with ?starttls=never', async () => {
      const created = await admin(t.app, 'POST', '/operators', { email: 'b@sacco.example', name: 'B', role: 'viewer' });
      assert.equal(created.statusCode, 201);
      await t.app.services.emailDelivery.sendDue();
      const { rows } = await sql<{ status: string; last_error: string }>`
        select status, last_error from email_outbox`.execute(t.database.db);
      assert.equal(rows[0]?.status, 'pending');
      assert.match(String(rows[0]?.last_error), /STARTTLS/i);
      assert.equal(smtp.received.length, 0);
      // The same database, now allowed to send in the clear (a relay on this machine).
      await t.restart({ smtp: smtp.settings() });
      t.clock.advance(12 * SECOND);
      await t.app.services.emailDelivery.sendDue();
      const [got] = await smtp.waitFor(1);
      assert.equal(got?.secure, false);
    });
  });
}
