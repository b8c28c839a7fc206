import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mailbox, putSettings, runJob } from '../support/alerts.js';
import { admin, bankWithToken } from '../support/bank.js';
import { HOUR } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { acceptedPayment, heldPayment } from '../support/money-desk.js';
import { addOperator, asPage, signIn } from '../support/operators.js';
import { json, useRestartableApp } from '../support/test-app.js';

// The morning summary: yesterday in the organisation's zone, once a day from the time finance
// chose, however many times the job runs, across a restart. The clock starts on Saturday
// 2026-11-21 at 11:00 in Nairobi, so yesterday is Friday 2026-11-20.

for (const kind of databaseKinds()) {
  describe(`the morning summary (${kind})`, () => {
    const mail = mailbox();
    const t = useRestartableApp(kind, { config: { timeZone: 'Africa/Nairobi' }, queueEmail: mail.queueEmail });
    const sendIfDue = () => runJob(t, 'morning-summary');

    it('is queued once a day at the chosen time, with the figures of the daily report', async () => {
      const reader = await addOperator(t.app, 'viewer');
      const chose = await t.app.inject({
        method: 'PUT',
        url: '/admin/v1/operators/me/notifications',
        headers: asPage(await signIn(t.app, reader.email, reader.password)),
        payload: { alerts: [], morningSummary: true },
      });
      assert.equal(chose.statusCode, 200, chose.body);
      await putSettings(t, { morningSummary: { enabled: true, at: '12:00', recipients: ['finance@sacco.example'] } });
      const bank = await bankWithToken(t.app, 'Summary Bank');
      const friday = { transactionDate: '2026-11-20T10:00:00+03:00' };
      await acceptedPayment(t.app, bank, { ...friday, amount: '1200.00' });
      await acceptedPayment(t.app, bank, { ...friday, amount: '500.00' });
      await heldPayment(t.app, bank, { ...friday, amount: '1500.50' });
      await acceptedPayment(t.app, bank, { transactionDate: '2026-11-21T09:00:00+03:00', amount: '7.00' });

      assert.equal(await sendIfDue(), 'not_yet', 'at 11:00, before the time chosen');
      t.clock.advance(HOUR);
      assert.equal(await sendIfDue(), 'sent');
      assert.equal(await sendIfDue(), 'sent_already');
      const [email, ...more] = mail.take();
      assert.equal(more.length, 0, 'one email, to everyone told');
      assert.deepEqual(email?.to, ['finance@sacco.example', reader.email]);
      assert.equal(email?.kind, 'morning_summary');
      assert.equal(email?.subject, 'Morning summary of 2026-11-20');

      // The same figures as the console's daily totals of that day.
      const report = json(
        await admin(t.app, 'GET', '/reports/daily?from=2026-11-20&to=2026-11-20&groupBy=clientAndPaymentType'),
      );
      const row = report.days.find((day: any) => day.clientName === 'Summary Bank');
      assert.deepEqual(
        [row.accepted, row.held],
        [
          { count: 2, sum: '1700.00' },
          { count: 1, sum: '1500.50' },
        ],
      );
      const text = email?.text ?? '';
      assert.match(text, /Summary Bank, MPESA: 2 \(KES 1,700\.00\) accepted, 1 \(KES 1,500\.50\) held/);
      assert.doesNotMatch(text, /7\.00/, "today's payment is tomorrow's summary");
      assert.match(
        text,
        /Held now, waiting for finance\n {2}Summary Bank: 1 payment, KES 1,500\.50, the oldest since 2026-11-21 11:00/,
      );
      assert.match(text, /Summary Bank: no statement reconciled yet/);
      assert.match(text, /No webhook endpoints\./);
      assert.match(email?.html ?? '', /^<!doctype html>/);
      assert.doesNotMatch(email?.html ?? '', /<img|src=/, 'no remote images, no tracking');

      await t.restart();
      t.clock.advance(2 * HOUR);
      assert.equal(await sendIfDue(), 'sent_already', 'a restart does not send it again');
      assert.deepEqual(mail.take(), []);

      // Sunday at 12:00, two instances at once: one of them sends it.
      t.clock.advance(22 * HOUR);
      assert.deepEqual((await Promise.all([sendIfDue(), sendIfDue()])).sort(), ['sent', 'sent_already']);
      assert.equal(mail.sent.length, 1);
      assert.equal(mail.take()[0]?.subject, 'Morning summary of 2026-11-21');
    });

    it('is not sent while off', async () => {
      await putSettings(t, { morningSummary: { enabled: false, at: '07:00', recipients: [] } });
      assert.equal(await sendIfDue(), 'off');
    });
  });
}
