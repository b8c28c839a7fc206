import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { bankWithToken, putMember } from './support/bank.js';
import { databaseKinds } from './support/databases.js';
import { heldPayment, newMemberNumber } from './support/money-desk.js';
import { addOperator, asPage, pageOfNew, signIn } from './support/operators.js';
import { json, useTestApp } from './support/test-app.js';

// The audit as finance reads it: each record a sentence naming people, banks and payments; how
// many records a filter finds; and the records as CSV, exactly as filtered.

type AuditItem = { action: string; sentence: string; actor: string; actorName: string | null };

for (const kind of databaseKinds()) {
  describe(`the audit in sentences (${kind})`, () => {
    const t = useTestApp(kind, { config: { timeZone: 'Africa/Nairobi' } });
    let headers: Record<string, string>;
    let adminEmail: string;
    let member: string;
    let reference: string;

    const as = (method: InjectOptions['method'], url: string, payload?: object, by = headers) =>
      t.app.inject({ method, url: `/admin/v1${url}`, headers: by, ...(payload ? { payload } : {}) });
    const audit = async (query: string, by = headers): Promise<AuditItem[]> => {
      const response = await as('GET', `/audit?order=newest&limit=1000&${query}`, undefined, by);
      assert.equal(response.statusCode, 200, response.body);
      return json(response).items;
    };

    it('names the people, banks and payments each record is about, and who acted', async () => {
      const admin = await addOperator(t.app, 'admin');
      adminEmail = admin.email;
      headers = asPage(await signIn(t.app, admin.email, admin.password));
      const renamed = await as('PATCH', `/operators/${admin.operatorId}`, { name: 'Grace Njeri' });
      assert.equal(renamed.statusCode, 200, renamed.body);

      const added = await as('POST', '/operators', {
        email: 'peter@sacco.example',
        name: 'Peter Kamau',
        role: 'viewer',
      });
      assert.equal(added.statusCode, 201, added.body);
      await as('PATCH', `/operators/${json(added).operatorId}`, { role: 'finance' });
      const bank = json(await as('POST', '/clients', { name: 'Equity Bank' }));
      await as('POST', `/clients/${bank.clientId}/secrets`);

      const paying = await bankWithToken(t.app, 'Kenya Commercial Bank');
      const held = await heldPayment(t.app, paying, { amount: '2500.00' });
      reference = held.body.transactionReference as string;
      member = newMemberNumber();
      await putMember(t.app, member, 'Jane Wanjiru');
      const allocated = await as('POST', `/payments/${held.paymentId}/allocate`, {
        customerRef: member,
        note: '=SUM(A1:A9) the payer phoned',
      });
      assert.equal(allocated.statusCode, 200, allocated.body);
      const receipt = json(allocated).erpRefId;

      const mine = await audit(`operator=${encodeURIComponent(admin.email)}`);
      const said = (action: string) => mine.find((item) => item.action === action)?.sentence;
      assert.equal(said('operator.role_changed'), 'changed the role of Peter Kamau from viewer to finance');
      assert.equal(said('operator.created'), 'added the operator Peter Kamau (peter@sacco.example) as viewer');
      assert.equal(said('client.created'), 'added the bank Equity Bank');
      assert.match(
        said('secret.issued') ?? '',
        /^issued a new secret for Equity Bank; its hand-over link works until /,
      );
      assert.equal(
        said('payment.allocated'),
        `allocated held payment ${reference} (KES 2,500.00) to member ${member} Jane Wanjiru, receipt ${receipt}: ` +
          '“=SUM(A1:A9) the payer phoned”',
      );
      assert.ok(
        mine.every((item) => item.actorName === 'Grace Njeri' && item.actor === admin.email),
        'who acted, by name',
      );
      const byOwner = await audit('action=member');
      assert.ok(byOwner.length > 0 && byOwner.every((item) => item.actorName === null && item.actor === 'owner token'));
    });

    it('counts what the filters find, over every page, and refuses a filter it cannot read', async () => {
      const totals = async (query: string) => {
        const response = await as('GET', `/audit/totals?${query}`);
        assert.equal(response.statusCode, 200, response.body);
        return json(response).count as number;
      };
      const operator = `operator=${encodeURIComponent(adminEmail)}`;
      for (const query of ['', operator, 'action=operator', `action=operator,client&${operator}`, 'action=payment']) {
        assert.equal(await totals(query), (await audit(query)).length, query);
      }
      assert.equal(await totals('action=payment.allocated'), 1);
      assert.equal(await totals('action=nothing'), 0);
      const tomorrow = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
      assert.equal(await totals(`from=${encodeURIComponent(tomorrow)}`), 0);
      const bad = await as('GET', '/audit/totals?from=yesterday');
      assert.equal(bad.statusCode, 400);
      assert.match(json(bad).message, /from/);
      assert.equal((await as('GET', '/audit/totals?action=Operator')).statusCode, 400);
    });

    it('downloads every record the filters find as CSV, each with its sentence, formula-safe', async () => {
      const operator = `operator=${encodeURIComponent(adminEmail)}`;
      const response = await as('GET', `/audit?format=csv&order=newest&limit=1&${operator}`);
      assert.equal(response.statusCode, 200, response.body);
      assert.match(String(response.headers['content-type']), /^text\/csv/);
      assert.match(String(response.headers['content-disposition']), /attachment; filename="audit\.csv"/);
      const lines = response.body.trimEnd().split('\r\n');
      assert.equal(lines[0], 'at,when,who,action,what,target,targetName,sourceIp,requestId');
      assert.equal(lines.length - 1, (await audit(operator)).length, 'every record, whatever the page size');
      const allocation = lines.find((line) => line.includes(',payment.allocated,'));
      assert.ok(allocation);
      // The test clock stands at 08:00 UTC: 11:00 in Nairobi.
      assert.match(
        allocation,
        /^2026-11-21T08:00:00\.000Z,2026-11-21 11:00,Grace Njeri \(/,
        'when, in the local zone, and who',
      );
      assert.ok(allocation.includes(`to member ${member} Jane Wanjiru`));
      assert.ok(
        lines.slice(1).every((line) => line.includes(adminEmail)),
        'only what the filter finds',
      );

      // A note that is a formula is neutralised in its own cell.
      await as('PUT', `/members/${member}`, { fullName: '=HYPERLINK("http://x")', status: 'active' });
      const members = await as('GET', '/audit?format=csv&action=member.updated');
      const row = members.body.split('\r\n')[1] ?? '';
      assert.ok(row.includes(`,"updated member ${member} =HYPERLINK(""http://x""): now active",`), row);
      assert.ok(row.includes(`,"'=HYPERLINK(""http://x"")",`), 'the name alone in its cell is neutralised');
      assert.doesNotMatch(row, /(^|,)"?=/, 'no cell starts with =');
    });

    it('masks a webhook URL’s query in the sentence for anyone but an admin', async () => {
      await as('POST', '/webhooks', {
        url: 'http://127.0.0.1:9/hook?token=s3cret',
        internal: true,
        events: ['payment.accepted'],
      });
      const forAdmin = await audit('action=webhook.created');
      assert.match(forAdmin[0]?.sentence ?? '', /\?token=s3cret/);
      const viewer = await pageOfNew(t.app, 'viewer');
      const forViewer = await audit('action=webhook.created', viewer);
      assert.match(forViewer[0]?.sentence ?? '', /^added the webhook endpoint http:\/\/127\.0\.0\.1:9\/hook\?…/);
      const csv = await as('GET', '/audit?format=csv&action=webhook', undefined, viewer);
      assert.doesNotMatch(csv.body, /s3cret/);
    });
  });
}
