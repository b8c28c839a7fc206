import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alertsListed, evaluate, mailbox, runJob } from '../support/alerts.js';
import { admin, bankCall, bankWithToken, putMember, tokenFor } from '../support/bank.js';
import { HOUR, MINUTE } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { useTestApp } from '../support/test-app.js';

// A bank silent for three hours of its working hours (Monday to Friday, 08:00 to 17:00 in the
// organisation's zone) raises one alert, and its next call clears it with an email saying so.
// The manual clock starts on Saturday 2026-11-21 at 11:00 in Nairobi (08:00 UTC).

for (const kind of databaseKinds()) {
  describe(`a silent bank (${kind})`, () => {
    const mail = mailbox();
    const t = useTestApp(kind, { config: { timeZone: 'Africa/Nairobi' }, queueEmail: mail.queueEmail });

    // A token of the moment: the clock moves days between calls, longer than a token lives.
    const calls = async (bank: { clientId: string; clientSecret: string }) => {
      const token = await tokenFor(t.app, bank.clientId, bank.clientSecret);
      assert.equal((await bankCall(t.app, token, 'validate', { customerRef: '1234567' })).statusCode, 200);
      await runJob(t, 'record-bank-calls');
    };
    const silentAlerts = async () =>
      (await alertsListed(t, '&kind=bank_silent')).filter((a) => a.subject === 'Equity Bank');

    it('counts silence only within working hours: from Friday 16:00 it fires on Monday at 10:00, and clears on the next call', async () => {
      const settings = await admin(t.app, 'PUT', '/alerts/settings', {
        alerts: [{ kind: 'bank_silent', enabled: true, after: '3h', recipients: ['finance@sacco.example'] }],
      });
      assert.equal(settings.statusCode, 200, settings.body);
      await putMember(t.app, '1234567', 'Jane Wanjiru');
      const bank = await bankWithToken(t.app, 'Equity Bank');
      // Saturday 11:00 to Friday 16:00 in Nairobi.
      t.clock.advance(6 * 24 * HOUR + 5 * HOUR);
      await calls(bank);

      // Friday 16:59: under an hour of its working time; Saturday, Sunday and Monday 07:59 add none.
      for (const step of [59 * MINUTE, 15 * HOUR, 24 * HOUR, 24 * HOUR]) {
        t.clock.advance(step);
        await evaluate(t);
      }
      // Monday 08:00 and 09:59: 1 h on Friday and 1 h 59 on Monday, 2 h 59 in all.
      t.clock.advance(MINUTE);
      await evaluate(t);
      t.clock.advance(HOUR + 59 * MINUTE);
      await evaluate(t);
      assert.deepEqual(await silentAlerts(), [], 'not before three hours of its working time');
      assert.deepEqual(mail.take(), []);

      // Two instances looking at once: one alert, one email.
      t.clock.advance(MINUTE);
      await Promise.all([evaluate(t), evaluate(t)]);
      await evaluate(t);
      const [raised, ...more] = await silentAlerts();
      assert.equal(more.length, 0, 'one alert for the condition, however often it is looked at');
      assert.equal(raised.clearedAt, null);
      assert.equal(raised.raisedAt, '2026-11-30T07:00:00.000Z', 'Monday 10:00 in Nairobi');
      assert.match(raised.message, /Equity Bank has not called since 2026-11-27 16:00: 3h of its working hours/);
      assert.deepEqual(raised.told, [{ about: 'raised', to: ['finance@sacco.example'], at: raised.raisedAt }]);
      const [email, ...others] = mail.take();
      assert.equal(others.length, 0);
      assert.deepEqual(email?.to, ['finance@sacco.example']);
      assert.match(email?.subject ?? '', /^Alert: Equity Bank has not called since 2026-11-27 16:00/);

      t.clock.advance(30 * MINUTE);
      await calls(bank);
      await evaluate(t);
      const [cleared] = await silentAlerts();
      assert.equal(cleared.clearedAt, t.clock.now().toISOString());
      assert.equal(cleared.clearMessage, 'Equity Bank called again at 2026-11-30 10:30');
      assert.deepEqual(
        cleared.told.map((n: any) => n.about),
        ['raised', 'cleared'],
      );
      const [clearedEmail] = mail.take();
      assert.match(clearedEmail?.subject ?? '', /^Cleared: Equity Bank called again at 2026-11-30 10:30/);

      // Silent again: a new alert, the first one staying cleared.
      t.clock.advance(3 * HOUR);
      await evaluate(t);
      assert.deepEqual(
        (await silentAlerts()).map((a) => a.clearedAt === null),
        [true, false],
      );
    });

    it("follows the bank's own hours and threshold, and none while its silence alert is off", async () => {
      const bank = await bankWithToken(t.app, 'Night Bank');
      await calls(bank);
      const own = await admin(t.app, 'PUT', `/alerts/settings/banks/${bank.clientId}`, {
        silenceAlert: true,
        silentAfter: '30m',
        workingDays: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
        workingFrom: '00:00',
        workingUntil: '23:59',
      });
      assert.equal(own.statusCode, 204, own.body);
      t.clock.advance(31 * MINUTE);
      await evaluate(t);
      const night = async () => (await alertsListed(t, '&kind=bank_silent')).filter((a) => a.subject === 'Night Bank');
      assert.equal((await night()).length, 1);

      const off = await admin(t.app, 'PUT', `/alerts/settings/banks/${bank.clientId}`, {
        silenceAlert: false,
        silentAfter: null,
        workingDays: ['mon'],
        workingFrom: '08:00',
        workingUntil: '17:00',
      });
      assert.equal(off.statusCode, 204);
      await evaluate(t);
      const [turnedOff] = await night();
      assert.equal(turnedOff.clearMessage, 'The silence alert of Night Bank was turned off');
    });

    it('refuses working hours that end before they start, a duration it cannot read, and an unknown bank', async () => {
      const bank = await bankWithToken(t.app, 'Odd Hours Bank');
      const body = {
        silenceAlert: true,
        silentAfter: '3h',
        workingDays: ['mon'],
        workingFrom: '17:00',
        workingUntil: '08:00',
      };
      const backwards = await admin(t.app, 'PUT', `/alerts/settings/banks/${bank.clientId}`, body);
      assert.equal(backwards.statusCode, 400);
      assert.match(backwards.body, /workingUntil: must be after workingFrom/);
      const unreadable = await admin(t.app, 'PUT', `/alerts/settings/banks/${bank.clientId}`, {
        ...body,
        workingFrom: '08:00',
        workingUntil: '17:00',
        silentAfter: '3 days',
      });
      assert.equal(unreadable.statusCode, 400);
      assert.match(unreadable.body, /silentAfter: must be minutes or hours, such as 30m or 4h/);
      const unknown = await admin(t.app, 'PUT', '/alerts/settings/banks/no-such-bank', {
        ...body,
        workingFrom: '08:00',
        workingUntil: '17:00',
      });
      assert.equal(unknown.statusCode, 404);
    });
  });
}
