import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { admin, bankCall, createBank, paymentBody, putMember, requestToken, tokenFor } from './support/bank.js';
import { MINUTE } from './support/clock.js';
import { databaseKinds } from './support/databases.js';
import { json, startTestApp, type TestApp } from './support/test-app.js';

const MEMBER = '5000001';

for (const kind of databaseKinds()) {
  describe(`data and tokens survive a restart (${kind})`, () => {
    let t: TestApp | undefined;
    let dataDir: string | undefined;

    let bank: { clientId: string; secretId: string; clientSecret: string };
    let token: string;
    let payment: ReturnType<typeof paymentBody>;
    let erpRefId: string;
    let pendingHandover: string;

    const app = () => t!.app;

    before(async () => {
      // PGlite keeps its data only on disk; PostgreSQL keeps it on the server.
      if (kind === 'pglite') dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bis-restart-'));
      t = await startTestApp(kind, dataDir === undefined ? {} : { dataDir });
      bank = await createBank(t.app, 'Durable Bank');
      await putMember(t.app, MEMBER, 'Imani Durable');
      token = await tokenFor(t.app, bank.clientId, bank.clientSecret);
      const validated = await bankCall(t.app, token, 'validate', { customerRef: MEMBER });
      assert.equal(validated.statusCode, 200, validated.body);
      payment = paymentBody(MEMBER, { amount: '2750.25' });
      const paid = await bankCall(t.app, token, 'payments', payment);
      assert.equal(paid.statusCode, 200, paid.body);
      erpRefId = json(paid).erpRefId;
      const issued = await admin(t.app, 'POST', `/clients/${bank.clientId}/secrets`);
      assert.equal(issued.statusCode, 201, issued.body);
      pendingHandover = new URL(json(issued).handoverUrl).pathname;

      t.clock.advance(5 * MINUTE);
      t = await t.restart();
    });

    after(async () => {
      await t?.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('accepts an access token issued before the restart', async () => {
      const validated = await bankCall(app(), token, 'validate', { customerRef: MEMBER });
      assert.equal(validated.statusCode, 200, validated.body);
      assert.deepEqual(json(validated), {
        resultCode: 0,
        message: 'Customer found',
        customerName: 'Imani Durable',
        customerRef: MEMBER,
      });
    });

    it('answers a re-sent payment with the same erpRefId it gave before the restart', async () => {
      const again = await bankCall(app(), token, 'payments', payment);
      assert.equal(again.statusCode, 200, again.body);
      assert.equal(json(again).erpRefId, erpRefId);
      assert.equal(json(again).transactionReference, payment.transactionReference);
    });

    it('still knows the client and its secret: the secret gets a new token', async () => {
      const shown = await admin(app(), 'GET', `/clients/${bank.clientId}`);
      assert.equal(shown.statusCode, 200, shown.body);
      const body = json(shown);
      assert.equal(body.name, 'Durable Bank');
      const secret = body.secrets.find((s: Record<string, unknown>) => Object.values(s).includes(bank.secretId));
      assert.ok(secret, 'the revealed secret is gone');
      assert.match(String(secret.state), /active/i);
      const listed = json(await admin(app(), 'GET', '/clients'));
      const clients: any[] = Array.isArray(listed) ? listed : listed.items;
      assert.ok(
        clients.some((client) => client.clientId === bank.clientId),
        'the client is not listed',
      );
      const fresh = await requestToken(app(), bank.clientId, bank.clientSecret);
      assert.equal(fresh.statusCode, 200, fresh.body);
    });

    it('still knows the member', async () => {
      const member = await admin(app(), 'GET', `/members/${MEMBER}`);
      assert.equal(member.statusCode, 200, member.body);
      assert.equal(json(member).fullName, 'Imani Durable');
      assert.equal(json(member).status, 'active');
    });

    it('still has the payment, by erpRefId and in the list', async () => {
      const shown = await admin(app(), 'GET', `/payments/${erpRefId}`);
      assert.equal(shown.statusCode, 200, shown.body);
      const body = json(shown);
      assert.equal(body.transactionReference, payment.transactionReference);
      assert.equal(body.amount, '2750.25');
      assert.equal(body.customerRef, MEMBER);
      assert.equal(body.status, 'accepted');
      assert.equal(body.clientId, bank.clientId);
      const listed = json(await admin(app(), 'GET', `/payments?customerRef=${MEMBER}`));
      assert.deepEqual(
        listed.items.map((item: any) => item.erpRefId),
        [erpRefId],
      );
    });

    it('keeps a hand-over link issued before the restart usable, once', async () => {
      const revealed = await app().inject({
        method: 'POST',
        url: pendingHandover,
        headers: { accept: 'application/json' },
      });
      assert.equal(revealed.statusCode, 200, revealed.body);
      assert.equal(json(revealed).client_id, bank.clientId);
      const again = await app().inject({
        method: 'POST',
        url: pendingHandover,
        headers: { accept: 'application/json' },
      });
      assert.equal(again.statusCode, 410, again.body);
    });
  });
}
