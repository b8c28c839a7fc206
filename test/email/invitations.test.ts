import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { admin } from '../support/bank.js';
import { SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { metricsText, sample } from '../support/metrics.js';
import { linkIn, testSmtpServer } from '../support/smtp.js';
import { json, useRestartableApp } from '../support/test-app.js';

const FROM = 'Payments <payments@sacco.example>';

for (const kind of databaseKinds()) {
  describe(`invitations by email, through a real SMTP server with STARTTLS (${kind})`, () => {
    const smtp = testSmtpServer({ tls: true });
    let sequence = 0;
    // Read when the app starts, after the server has: the app is given its port.
    const t = useRestartableApp(kind, {
      config: {
        get smtp() {
          return smtp.settings();
        },
        mailFrom: FROM,
        timeZone: 'Africa/Nairobi',
      },
    });
    const send = () => t.app.services.emailDelivery.sendDue();
    const outbox = async () =>
      (
        await sql<{
          message_id: string;
          status: string;
          attempts: number;
          text_body: string;
          last_error: string | null;
        }>`
        select message_id, status, attempts, text_body, last_error from email_outbox order by id`.execute(t.database.db)
      ).rows;
    const invite = async () => {
      const email = `new${++sequence}@sacco.example`;
      const created = await admin(t.app, 'POST', '/operators', { email, name: `Wanjiru ${sequence}`, role: 'viewer' });
      assert.equal(created.statusCode, 201, created.body);
      return { email, body: json(created) };
    };

    it('emails the invitation over STARTTLS: to the operator, naming the organisation, the link in local time', async () => {
      const { email, body } = await invite();
      assert.equal(body.emailed, true);
      assert.equal(await send(), 1);
      const [got] = await smtp.waitFor(1);
      assert.ok(got);
      assert.equal(got.secure, true, 'sent in the clear');
      assert.deepEqual(got.envelopeTo, [email]);
      assert.equal(got.mail.from?.value[0]?.address, 'payments@sacco.example');
      assert.equal(got.mail.subject, 'Test Sacco: your account on the payments console');
      const link = linkIn(got.mail, 'http://bis.test/invite');
      assert.equal(link, body.inviteUrl);
      // 72 hours after 08:00 UTC on 21 November is 11:00 in Nairobi on the 24th.
      assert.match(got.mail.text ?? '', /until 24 Nov 2026, 11:00 \(Africa\/Nairobi\)/);
      const html = String(got.mail.html);
      assert.ok(html.includes(`href="${link}"`), html);
      assert.doesNotMatch(html, /<img|<script|src=|url\(/i);
      const [row] = await outbox();
      assert.equal(row?.status, 'sent');
      assert.equal(got.mail.messageId, row?.message_id);
      assert.equal(row?.text_body, '', 'a sent email keeps its link in the database');
      const page = await t.app.inject({ method: 'GET', url: new URL(link).pathname });
      assert.equal(page.statusCode, 200);
      assert.ok(page.body.includes(email));
    });

    it('an invitation made while the mail server is down arrives, once, when it is back', async () => {
      await smtp.stop();
      const before = smtp.received.length;
      const { email } = await invite();
      assert.equal(await send(), 1);
      const waiting = (await outbox()).at(-1);
      assert.equal(waiting?.status, 'pending');
      assert.equal(waiting?.attempts, 1);
      assert.ok(waiting?.last_error, 'the failure is not recorded');
      assert.equal(await send(), 0, 'tried again before its wait');
      await smtp.start();
      t.clock.advance(12 * SECOND);
      assert.equal(await send(), 1);
      await smtp.waitFor(before + 1);
      t.clock.advance(3_600 * SECOND);
      assert.equal(await send(), 0);
      const arrived = smtp.received.slice(before);
      assert.deepEqual(
        arrived.map((r) => r.envelopeTo),
        [[email]],
      );
      assert.equal(arrived[0]?.mail.messageId, waiting?.message_id);
    });

    it('a change that rolls back queues nothing', async () => {
      const count = (await outbox()).length;
      await assert.rejects(
        t.app.services.operatorsService.create(
          { email: 'new1@sacco.example', name: 'Twice', role: 'viewer' },
          {
            requestId: 'test',
            sourceIp: '127.0.0.1',
            who: 'test',
          },
        ),
      );
      await assert.rejects(
        t.database.db.transaction().execute(async (tx) => {
          await t.app.services.queueEmail(tx, {
            to: ['x@sacco.example'],
            subject: 's',
            text: 't',
            html: 'h',
            kind: 'test',
          });
          throw new Error('rolled back');
        }),
      );
      assert.equal((await outbox()).length, count);
    });

    it('refuses a mail server whose certificate it does not trust: the email waits, never sent in the clear', async () => {
      const before = smtp.received.length;
      await t.restart({ smtp: { ...smtp.settings(), ca: undefined } });
      await invite();
      await send();
      const last = (await outbox()).at(-1);
      assert.equal(last?.status, 'pending');
      assert.match(String(last?.last_error), /certificate/i);
      assert.equal(smtp.received.length, before);
      await t.restart({ smtp: smtp.settings() });
      t.clock.advance(12 * SECOND);
      assert.equal(await send(), 1);
      await smtp.waitFor(before + 1);
    });

    it('counts emails queued, sent and failed in /metrics', async () => {
      const rows = await outbox();
      const text = await metricsText(t.app);
      assert.equal(rows.length, 3, 'one email each of the invitations that committed');
      assert.equal(sample(text, 'bis_emails_total', { outcome: 'queued' }), rows.length, text);
      assert.equal(
        sample(text, 'bis_emails_total', { outcome: 'sent' }),
        rows.filter((r) => r.status === 'sent').length,
      );
      assert.equal(sample(text, 'bis_emails_total', { outcome: 'failed' }), 0);
      assert.equal(sample(text, 'bis_email_queue', { measure: 'pending' }), 0);
      assert.ok(sample(text, 'bis_email_attempts_total', { outcome: 'sent' }) >= 1, text);
    });
  });
}
