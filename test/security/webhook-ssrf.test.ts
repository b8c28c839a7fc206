import assert from 'node:assert/strict';
import { isIP } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import type { HostResolver } from '../../src/webhooks/webhook-addresses.js';
import { admin } from '../support/bank.js';
import { HOUR } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { pageOfNew } from '../support/operators.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';
import { type Receiver, startReceiver } from '../support/webhook-receiver.js';

// Finding: webhooks reached internal addresses. Plain http:// went to any loopback port and
// https:// to any address (private ranges, link-local, cloud metadata); the first 1 KiB of each
// answer and each connection error were shown to every viewer, who read a local service's secrets
// and used the errors as a port scanner. Every connection here goes to the receiver this test
// starts on 127.0.0.1: the other addresses must be refused before anything connects, at creation
// for a literal, or by the resolver the test gives the service for a name.

type Attempt = { statusCode: number | null; outcome: string; response: string | null; error: string | null };

for (const kind of databaseKinds()) {
  describe(`webhooks reach only the addresses they may (${kind})`, () => {
    let t: TestApp;
    let receiver: Receiver;
    /** What the test's resolver answers for a name, in turn (the last answer stays); and what it was asked. */
    const answers = new Map<string, string[]>();
    const asked: string[] = [];
    const resolveHost: HostResolver = async (hostname) => {
      asked.push(hostname);
      const queue = answers.get(hostname) ?? [];
      const address = queue.length > 1 ? queue.shift() : queue[0];
      if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return [{ address, family: isIP(address) }];
    };
    before(async () => {
      // Plain http:// is allowed to any host here, so what is tested is the address, not the scheme.
      t = await startTestApp(kind, { resolveHost, config: { webhooksAllowHttp: true } });
      receiver = await startReceiver();
    });
    after(async () => {
      await receiver.stop();
      await t.close();
    });

    const port = () => new URL(receiver.url).port;
    const deliver = () => t.app.services.webhookDelivery.deliverDue();
    const create = (url: string, internal?: boolean) =>
      admin(t.app, 'POST', '/webhooks', { url, events: ['payment.accepted'], ...(internal ? { internal } : {}) });
    const remove = async (webhookId: string) =>
      assert.equal((await admin(t.app, 'DELETE', `/webhooks/${webhookId}`)).statusCode, 204);
    /** A webhook.test to the endpoint, one delivery pass, and the message's attempts as an admin sees them. */
    const sendTest = async (webhookId: string) => {
      const sent = await admin(t.app, 'POST', `/webhooks/${webhookId}/test`);
      assert.equal(sent.statusCode, 202, sent.body);
      await deliver();
      const { messageId } = json(sent);
      const attempts = await admin(t.app, 'GET', `/webhooks/${webhookId}/messages/${messageId}/attempts`);
      return { messageId, items: json(attempts).items as Attempt[] };
    };

    it('refuses link-local and cloud metadata addresses always, loopback and private ones unless internal, in every spelling', async () => {
      const never = [
        'http://169.254.169.254/latest/meta-data/',
        'http://2852039166/latest/meta-data/',
        'http://0xa9.0xfe.0xa9.0xfe/',
        'http://[::ffff:169.254.169.254]/',
        'http://[64:ff9b::a9fe:a9fe]/',
        'http://[fd00:ec2::254]/',
        'http://100.100.100.200/',
        'http://169.254.170.2/v2/credentials',
        'https://[fe80::1]/',
      ];
      const unlessInternal = [
        `http://127.0.0.1:${port()}/hook`,
        `http://2130706433:${port()}/hook`,
        `http://0x7f.1:${port()}/hook`,
        `http://[::ffff:127.0.0.1]:${port()}/hook`,
        `http://[::1]:${port()}/hook`,
        'http://0.0.0.0/',
        'http://[::]/',
        'https://10.0.0.5/hook',
        'https://172.16.0.1/hook',
        'https://192.168.1.10/hook',
        'https://100.64.0.1/hook',
        'https://[fc00::1]/hook',
      ];
      answers.set('metadata.internal.test', ['169.254.169.254']);
      answers.set('erp.lan.test', ['10.0.0.5']);
      for (const url of [...never, 'https://metadata.internal.test/']) {
        for (const internal of [false, true]) {
          const refused = await create(url, internal);
          assert.equal(refused.statusCode, 400, `${url} (internal: ${internal}): ${refused.body}`);
          assert.match(json(refused).message, /^url: .*(link-local|cloud metadata).*no webhook may reach/);
        }
      }
      for (const url of [...unlessInternal, 'https://erp.lan.test/hook']) {
        const refused = await create(url);
        assert.equal(refused.statusCode, 400, `${url}: ${refused.body}`);
        assert.match(json(refused).message, /mark the endpoint internal if it is your own network/);
        // Marked internal, it is taken: nothing is sent to it here, and it is removed at once.
        const made = await create(url, true);
        assert.equal(made.statusCode, 201, `${url} (internal): ${made.body}`);
        assert.equal(json(made).internal, true);
        await remove(json(made).webhookId);
      }
    });

    it('refuses a delivery at connect time when the name that resolved to a public address now resolves to 127.0.0.1 (DNS rebinding)', async () => {
      answers.set('localhost', ['93.184.215.14', '127.0.0.1']);
      asked.length = 0;
      const made = await create(`http://localhost:${port()}/hook`);
      assert.equal(made.statusCode, 201, made.body);
      const { webhookId, secret } = json(made);
      await receiver.setUp({ secrets: [secret] });
      const before = (await receiver.received()).length;
      const { items } = await sendTest(webhookId);
      assert.equal((await receiver.received()).length, before, 'nothing reached the receiver');
      assert.deepEqual(asked, ['localhost', 'localhost'], 'resolved when added, and again to connect');
      assert.equal(items.length, 1, 'a failed attempt is recorded');
      assert.equal(items[0]?.statusCode, null);
      assert.equal(items[0]?.outcome, 'address_not_allowed');
      assert.equal(
        items[0]?.error,
        'address not allowed: 127.0.0.1 is a loopback address; mark the endpoint internal if it is your own network',
      );

      // An admin who says the receiver is on this machine gets it delivered, and the audit says who.
      const marked = await admin(t.app, 'PATCH', `/webhooks/${webhookId}`, { internal: true });
      assert.equal(marked.statusCode, 200, marked.body);
      t.clock.advance(HOUR);
      await deliver();
      assert.equal((await receiver.received()).length, before + 1, 'delivered once internal');
      const audit = json(await admin(t.app, 'GET', '/audit?action=webhook.updated&order=newest&limit=1'));
      assert.deepEqual([audit.items[0].target, audit.items[0].detail.internal], [webhookId, true]);
      await remove(webhookId);
    });

    it('refuses a delivery to a literal loopback address an endpoint stored earlier holds, before connecting', async () => {
      for (const url of [`http://127.0.0.1:${port()}/hook`, `http://[::ffff:7f00:1]:${port()}/hook`]) {
        // As an earlier version stored it: not marked internal.
        const webhookId = `stored-${url.length}-${Math.random().toString(36).slice(2)}`;
        await sql`insert into webhook_endpoints (id, url, events, secret, created_at, updated_at)
          values (${webhookId}, ${url}, array['payment.accepted'], 'whsec_c3RvcmVk', now(), now())`.execute(
          t.database.db,
        );
        const before = (await receiver.received()).length;
        const { items } = await sendTest(webhookId);
        assert.equal((await receiver.received()).length, before, `${url}: nothing reached the receiver`);
        assert.equal(items[0]?.outcome, 'address_not_allowed', url);
        assert.match(
          items[0]?.error ?? '',
          /^address not allowed: .* is a loopback address; mark the endpoint internal/,
        );
        await remove(webhookId);
      }
    });

    it('shows what a receiver answered, and why no answer came, to admins only: finance and viewers see status codes and outcomes', async () => {
      const made = await create(receiver.url, true);
      assert.equal(made.statusCode, 201, made.body);
      const { webhookId, secret } = json(made);
      await receiver.setUp({ secrets: [secret], plan: ['500', 'close'] });
      const { messageId, items } = await sendTest(webhookId);
      t.clock.advance(HOUR);
      await deliver();
      const path = `/admin/v1/webhooks/${webhookId}/messages/${messageId}/attempts`;
      const asAdmin = json(await admin(t.app, 'GET', path.replace('/admin/v1', ''))).items as Attempt[];
      assert.equal(items[0]?.response, 'answer 500');
      assert.deepEqual(
        asAdmin.map((a) => [a.statusCode, a.outcome, a.response === null, a.error === null]),
        [
          [500, 'rejected', false, true],
          [null, 'no_answer', true, false],
        ],
      );
      for (const role of ['viewer', 'finance'] as const) {
        const page = await pageOfNew(t.app, role);
        const answer = await t.app.inject({ method: 'GET', url: path, headers: page });
        assert.equal(answer.statusCode, 200, answer.body);
        assert.ok(!answer.body.includes('answer 500'), `${role} reads no answer body`);
        assert.deepEqual(
          (json(answer).items as Attempt[]).map((a) => [a.statusCode, a.outcome, a.response, a.error]),
          [
            [500, 'rejected', null, null],
            [null, 'no_answer', null, null],
          ],
          `${role} sees status codes and outcomes only`,
        );
      }
      await remove(webhookId);
    });
  });
}
