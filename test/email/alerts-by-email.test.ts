import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluate, putSettings } from '../support/alerts.js';
import { admin, bankWithToken } from '../support/bank.js';
import { HOUR } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { heldPayment } from '../support/money-desk.js';
import { testSmtpServer } from '../support/smtp.js';
import { useTestApp } from '../support/test-app.js';

// The mail server down while an invitation is made and an alert fires: both wait in the outbox,
// and each arrives once when the server is back.

for (const kind of databaseKinds()) {
  describe(`an invitation and an alert while the mail server is down (${kind})`, () => {
    const smtp = testSmtpServer({ tls: true });
    const t = useTestApp(kind, {
      config: {
        get smtp() {
          return smtp.settings();
        },
        mailFrom: 'Payments <payments@sacco.example>',
        timeZone: 'Africa/Nairobi',
      },
    });
    const send = () => t.app.services.emailDelivery.sendDue();

    it('queues both, sends neither, and delivers each once when the server is back', async () => {
      await putSettings(t, {
        alerts: [{ kind: 'held_payment', enabled: true, after: '1h', recipients: ['desk@sacco.example'] }],
      });
      await smtp.stop();
      const invited = await admin(t.app, 'POST', '/operators', {
        email: 'achieng@sacco.example',
        name: 'Achieng',
        role: 'finance',
      });
      assert.equal(invited.statusCode, 201, invited.body);
      const bank = await bankWithToken(t.app, 'Held Bank');
      await heldPayment(t.app, bank);
      t.clock.advance(2 * HOUR);
      await evaluate(t);
      await evaluate(t);
      await send();
      assert.equal(smtp.received.length, 0);

      await smtp.start();
      // Past every retry's wait: each email is due again.
      t.clock.advance(HOUR);
      await send();
      const arrived = await smtp.waitFor(2);
      t.clock.advance(HOUR);
      await evaluate(t);
      await send();
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(
        smtp.received.map((r) => r.envelopeTo).sort(),
        [['achieng@sacco.example'], ['desk@sacco.example']],
        'each email once',
      );
      const alert = arrived.find((r) => r.envelopeTo.includes('desk@sacco.example'));
      assert.match(alert?.mail.subject ?? '', /held/i);
      assert.equal(new Set(arrived.map((r) => r.mail.messageId)).size, 2);
    });
  });
}
