import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alertsListed, evaluate, mailbox, putSettings } from '../support/alerts.js';
import { admin, bankCall, bankWithToken, paymentBody } from '../support/bank.js';
import { HOUR, MINUTE } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { sample } from '../support/metrics.js';
import { heldPayment, mismatchedPair, reconcileMt940 } from '../support/money-desk.js';
import { addOperator, asPage, signIn } from '../support/operators.js';
import { ADMIN_TOKEN, json, useTestApp } from '../support/test-app.js';

// Each kind of alert fires once for its condition, tells whom its setting and the operators'
// choices name, and clears when the condition goes.

for (const kind of databaseKinds()) {
  describe(`alerts (${kind})`, () => {
    const mail = mailbox();
    const t = useTestApp(kind, { config: { timeZone: 'Africa/Nairobi' }, queueEmail: mail.queueEmail });
    const ofKind = async (alertKind: string) => alertsListed(t, `&kind=${alertKind}`);
    const openMetric = async (alertKind: string) => {
      const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
      return sample(response.body, 'bis_alerts_open', { kind: alertKind });
    };

    it('a payment held longer than the threshold: once per bank, to the list and the operators who chose it', async () => {
      const chooser = await addOperator(t.app, 'finance');
      const page = asPage(await signIn(t.app, chooser.email, chooser.password));
      const chosen = await t.app.inject({
        method: 'PUT',
        url: '/admin/v1/operators/me/notifications',
        headers: page,
        payload: { alerts: ['held_payment'], morningSummary: false },
      });
      assert.equal(chosen.statusCode, 200, chosen.body);
      assert.deepEqual(json(chosen), { alerts: ['held_payment'], morningSummary: false });
      await putSettings(t, {
        alerts: [{ kind: 'held_payment', enabled: true, after: '90m', recipients: ['desk@sacco.example'] }],
      });

      const bank = await bankWithToken(t.app, 'Held Bank');
      const held = await heldPayment(t.app, bank);
      await heldPayment(t.app, bank);
      t.clock.advance(89 * MINUTE);
      await evaluate(t);
      assert.deepEqual(await ofKind('held_payment'), [], 'not before 90 minutes');
      t.clock.advance(MINUTE);
      await evaluate(t);
      await evaluate(t);
      const [alert, ...more] = await ofKind('held_payment');
      assert.equal(more.length, 0);
      assert.match(alert.message, /^2 payments from Held Bank held longer than 90m, the oldest since /);
      assert.deepEqual(alert.about, { clientId: bank.clientId, webhookId: null, reconciliationId: null });
      assert.deepEqual(alert.told[0].to, ['desk@sacco.example', chooser.email]);
      const [email, ...others] = mail.take();
      assert.equal(others.length, 0, 'one email for the alert, to everyone told');
      assert.deepEqual(email?.to, ['desk@sacco.example', chooser.email]);
      assert.equal(email?.kind, 'alert');
      assert.match(email?.text ?? '', /http:\/\/bis\.test\/console\/alerts/);
      assert.equal(await openMetric('held_payment'), 1);

      for (const paymentId of [held.paymentId, held.paymentId + 1]) {
        const returned = await admin(t.app, 'POST', `/payments/${paymentId}/return`, { note: 'sent back' });
        assert.equal(returned.statusCode, 200, returned.body);
      }
      await evaluate(t);
      const [cleared] = await ofKind('held_payment');
      assert.equal(cleared.clearedAt, t.clock.now().toISOString());
      assert.equal(cleared.clearMessage, 'No payment of this bank is held that long any more');
      assert.deepEqual(mail.take(), [], 'its clearing is in the list, not emailed');
      assert.equal(await openMetric('held_payment'), 0);
    });

    it('many new references held from one bank within an hour, clearing as the hour moves on', async () => {
      await putSettings(t, {
        alerts: [{ kind: 'held_burst', enabled: true, count: 3, recipients: ['it@sacco.example'] }],
      });
      const bank = await bankWithToken(t.app, 'Burst Bank');
      for (const ref of ['9000001', '9000002']) await bankCall(t.app, bank.token, 'payments', paymentBody(ref));
      await evaluate(t);
      assert.deepEqual(await ofKind('held_burst'), []);
      await bankCall(t.app, bank.token, 'payments', paymentBody('9000003'));
      await evaluate(t);
      const [alert] = await ofKind('held_burst');
      assert.match(alert.message, /^Burst Bank sent 3 new references that were held in the last hour/);
      assert.deepEqual(
        mail.take().map((email) => email.to),
        [['it@sacco.example']],
      );
      t.clock.advance(HOUR + MINUTE);
      await evaluate(t);
      assert.notEqual((await ofKind('held_burst'))[0].clearedAt, null);
    });

    it('a webhook endpoint failing for the threshold, and one the deliveries stopped', async () => {
      await putSettings(t, {
        alerts: [
          { kind: 'webhook_failing', enabled: true, after: '30m', recipients: ['it@sacco.example'] },
          { kind: 'webhook_disabled', enabled: true, recipients: ['it@sacco.example'] },
        ],
      });
      // The endpoint as the deliveries leave it after failing (src/webhooks/delivery.ts): the state is arranged, not mocked.
      const now = t.clock.now();
      await t.database.db
        .insertInto('webhook_endpoints')
        .values({
          id: 'wh_failing',
          url: 'https://erp.sacco.example/hooks?token=secret',
          description: 'ERP',
          events: ['payment.accepted'],
          secret: 'whsec_x',
          failing_since: new Date(now.getTime() - 29 * MINUTE),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await evaluate(t);
      assert.deepEqual(await ofKind('webhook_failing'), []);
      t.clock.advance(MINUTE);
      await evaluate(t);
      const [failing] = await ofKind('webhook_failing');
      assert.equal(failing.subject, 'https://erp.sacco.example/hooks', 'never the query, which may hold a token');
      assert.equal(failing.about.webhookId, 'wh_failing');
      assert.doesNotMatch(JSON.stringify(mail.sent), /token=secret/);

      const stopped = { enabled: false, disabled_reason: 'the endpoint answered 410 Gone' };
      await t.database.db.updateTable('webhook_endpoints').set(stopped).where('id', '=', 'wh_failing').execute();
      await evaluate(t);
      const [disabled] = await ofKind('webhook_disabled');
      assert.match(disabled.message, /were stopped: the endpoint answered 410 Gone/);
      assert.notEqual((await ofKind('webhook_failing'))[0].clearedAt, null, 'a stopped endpoint is not failing');
      const subjects = mail.take().map((email) => email.subject);
      assert.equal(subjects.length, 3, 'failing raised and cleared, disabled raised');
      assert.ok(
        subjects.some((subject) =>
          /^Cleared: Deliveries to the endpoint succeed again, or it was stopped/.test(subject),
        ),
        subjects.join('\n'),
      );

      await t.database.db
        .updateTable('webhook_endpoints')
        .set({ enabled: true, disabled_reason: null, failing_since: null })
        .where('id', '=', 'wh_failing')
        .execute();
      await evaluate(t);
      assert.notEqual((await ofKind('webhook_disabled'))[0].clearedAt, null);
    });

    it('a reconciliation with amounts other than notified, until finance deals with them', async () => {
      await putSettings(t, {
        alerts: [{ kind: 'reconciliation', enabled: true, recipients: ['finance@sacco.example'] }],
      });
      const bank = await bankWithToken(t.app, 'Statement Bank');
      const { entries } = await mismatchedPair(t.app, bank, '2026-11-20');
      const { run, items } = await reconcileMt940(t.app, bank.clientId, entries, {
        from: '2026-11-20',
        to: '2026-11-20',
      });
      await evaluate(t);
      const [alert] = await ofKind('reconciliation');
      assert.equal(alert.about.reconciliationId, run.reconciliationId);
      assert.equal(
        alert.message,
        `Reconciliation ${run.reconciliationId} of Statement Bank's statement for 2026-11-20 to 2026-11-20 has 2 lines of another amount than notified`,
      );
      for (const item of items) {
        const url = `/reconciliations/${run.reconciliationId}/items/${item.itemKey}/dealt-with`;
        const marked = await admin(t.app, 'PUT', url, { note: 'the bank corrected it' });
        assert.equal(marked.statusCode, 200, marked.body);
        await evaluate(t);
      }
      const [cleared, ...more] = await ofKind('reconciliation');
      assert.equal(more.length, 0, 'one alert until every line is dealt with');
      assert.equal(cleared.clearMessage, 'Every line never notified or of another amount is dealt with');
    });

    it('an admin signing in from a new address is told, by email to that admin only; a second time is not news', async () => {
      const person = await addOperator(t.app, 'admin');
      const from = (remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/admin/v1/session',
          remoteAddress,
          payload: { email: person.email, password: person.password },
        });
      mail.take();
      assert.equal((await from('10.0.0.1')).statusCode, 200);
      assert.equal((await from('10.0.0.1')).statusCode, 200);
      assert.deepEqual(mail.take(), [], 'the first address is where the account began');
      assert.equal((await from('192.0.2.7')).statusCode, 200);
      assert.equal((await from('192.0.2.7')).statusCode, 200);
      const [email, ...more] = mail.take();
      assert.equal(more.length, 0);
      assert.deepEqual(email?.to, [person.email]);
      assert.match(email?.text ?? '', /signed in from 192\.0\.2\.7/);
      const [notice] = await ofKind('new_sign_in_address');
      assert.equal(notice.clearedAt, notice.raisedAt, 'a notice, with nothing left open');

      const viewer = await addOperator(t.app, 'viewer');
      for (const address of ['10.0.0.2', '10.0.0.3'])
        await t.app.inject({
          method: 'POST',
          url: '/admin/v1/session',
          remoteAddress: address,
          payload: { email: viewer.email, password: viewer.password },
        });
      assert.deepEqual(mail.take(), [], 'told to admins only');
    });

    it('lists alerts a page at a time, open or cleared, and refuses settings it cannot read', async () => {
      const open = await alertsListed(t, '&state=open');
      assert.ok(open.every((alert) => alert.clearedAt === null));
      const first = json(await admin(t.app, 'GET', '/alerts?limit=2'));
      assert.equal(first.items.length, 2);
      const second = json(await admin(t.app, 'GET', `/alerts?limit=2&cursor=${first.nextCursor}`));
      assert.ok(second.items[0].alertId < first.items[1].alertId, 'newest first, across pages');
      assert.equal((await admin(t.app, 'GET', '/alerts?cursor=nonsense')).statusCode, 400);

      const bad = async (body: object, message: RegExp) => {
        const response = await admin(t.app, 'PUT', '/alerts/settings', body);
        assert.equal(response.statusCode, 400, response.body);
        assert.match(json(response).message, message);
      };
      await bad(
        { alerts: [{ kind: 'held_payment', enabled: true, after: '4 hours' }] },
        /alerts\[0\]\.after: must be minutes or hours/,
      );
      await bad(
        { alerts: [{ kind: 'held_payment', enabled: true, recipients: ['not an address'] }] },
        /recipients: not an address/,
      );
      await bad({ morningSummary: { enabled: true, at: '7am', recipients: [] } }, /morningSummary\.at: must be a time/);
      await bad({ alerts: [{ kind: 'no_such_kind', enabled: true }] }, /kind/);

      const settings = json(await admin(t.app, 'GET', '/alerts/settings'));
      const held = settings.alerts.find((s: any) => s.kind === 'held_payment');
      assert.deepEqual(held, {
        kind: 'held_payment',
        enabled: true,
        after: '90m',
        count: null,
        recipients: ['desk@sacco.example'],
      });
      assert.deepEqual(settings.alerts.find((s: any) => s.kind === 'bank_silent').after, '3h', 'the default');
      assert.deepEqual(settings.morningSummary, { enabled: true, at: '07:00', recipients: [] });
    });

    it('turning a kind off clears its open alerts, without an email; on again, it fires anew', async () => {
      const bank = await bankWithToken(t.app, 'Switched Bank');
      await heldPayment(t.app, bank);
      t.clock.advance(90 * MINUTE);
      await evaluate(t);
      const switched = async () => (await ofKind('held_payment')).filter((a) => a.subject === 'Switched Bank');
      assert.equal((await switched())[0].clearedAt, null);
      mail.take();
      await putSettings(t, { alerts: [{ kind: 'held_payment', enabled: false }] });
      await evaluate(t);
      const [off] = await switched();
      assert.equal(off.clearMessage, 'The alert was turned off');
      assert.deepEqual(
        off.told.map((notice: any) => notice.about),
        ['raised'],
      );
      assert.deepEqual(mail.take(), []);
      await putSettings(t, { alerts: [{ kind: 'held_payment', enabled: true, after: '90m' }] });
      await evaluate(t);
      assert.deepEqual(
        (await switched()).map((a) => a.clearedAt === null),
        [true, false],
      );
      const [again, ...more] = mail.take().filter((email) => email.subject.includes('Switched Bank'));
      assert.equal(more.length, 0);
      assert.ok(!again?.to.includes('desk@sacco.example'), 'the kind sent again without addresses has none left');
      assert.equal(again?.to.length, 1, 'the operator who chose it is still told');
    });
  });
}
