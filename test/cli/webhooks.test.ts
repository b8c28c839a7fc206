import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { RETRY_DELAYS_MS } from '../../src/webhooks/retry-schedule.js';
import { admin, bankWithToken } from '../support/bank.js';
import { cliFor, exitedWith, type Run, rowsOf, startCliService, succeeded } from '../support/cli.js';
import { SECOND } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { acceptedPayment } from '../support/money-desk.js';
import type { TestApp } from '../support/test-app.js';
import { type Receiver, startReceiver } from '../support/webhook-receiver.js';

// bis webhooks against a running service, delivering to a receiver process that verifies every
// signature with the standardwebhooks library.

const PAYMENT_EVENTS = [
  'payment.accepted',
  'payment.held',
  'payment.allocated',
  'payment.returned',
  'payment.recorded_from_statement',
];

/** Every line bis printed fits a terminal of 100 columns. */
function narrow(result: Run, what: string): string {
  for (const line of result.stdout.split('\n'))
    assert.ok(line.length <= 100, `bis ${what}: wider than 100 columns (${line.length}): ${line}`);
  return result.stdout;
}

/** The key/value lines of `bis webhooks show` or `add`, as an object. */
function detailsOf(stdout: string): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    const match = /^(\w+) {2,}(\S.*)$/.exec(line);
    if (match) pairs[match[1]!] = match[2]!;
  }
  return pairs;
}

for (const kind of databaseKinds()) {
  describe(`bis webhooks against a running service (${kind})`, () => {
    let t: TestApp;
    let url: string;
    let close: () => Promise<void>;
    let receiver: Receiver;
    let webhookId: string;
    const { cli, cliJson } = cliFor(() => url);
    /** bis as the operator reads it: it succeeds, and every line fits 100 columns. */
    const human = async (...args: string[]) => {
      const result = await cli(...args);
      succeeded(result, `bis ${args.join(' ')}`);
      return narrow(result, args.join(' '));
    };
    const deliver = () => t.app.services.webhookDelivery.deliverDue();
    /** The rows of `bis webhooks messages`, split into their columns. */
    const messageRows = async (...options: string[]) => {
      const stdout = await human('webhooks', 'messages', webhookId, ...options);
      assert.deepEqual(stdout.split('\n')[0]!.trim().split(/\s+/), [
        'Message',
        'Event',
        'Payment',
        'When',
        'Status',
        'Tries',
        'Last',
      ]);
      return rowsOf(stdout).map((row) => row.trim().split(/\s+/));
    };
    /** The service's local time (UTC in the tests) of the clock, as bis prints it. */
    const printedNow = () => t.clock.now().toISOString().slice(0, 16).replace('T', ' ').split(' ');

    before(async () => {
      ({ t, url, close } = await startCliService(kind));
      receiver = await startReceiver();
    });
    after(async () => {
      await close();
      await receiver.stop();
    });

    it('add prints the endpoint and its secret, once; list and show show the endpoint, never the secret', async () => {
      const stdout = await human(
        'webhooks',
        'add',
        receiver.url,
        '--internal',
        '--events',
        'payment.accepted',
        'member.status_changed',
        '--description',
        'ERPNext staging',
      );
      const added = detailsOf(stdout);
      assert.match(added.webhookId ?? '', /^\S{8,}$/, stdout);
      webhookId = added.webhookId!;
      assert.deepEqual(added, {
        webhookId,
        url: receiver.url,
        internal: 'yes: may be at a loopback or private address',
        description: 'ERPNext staging',
        events: 'payment.accepted, member.status_changed',
        enabled: 'yes',
      });
      const secrets = stdout.match(/whsec_[A-Za-z0-9+/]{43}=/g) ?? [];
      assert.equal(secrets.length, 1, `the secret, once:\n${stdout}`);
      assert.match(stdout, /Signing secret \(shown this once; give it to the ERP's integrator\):\n\n {2}whsec_/);
      await receiver.setUp({ secrets });

      // Without --events: every payment event, and --json has the secret for a script to keep.
      const other = await cliJson('webhooks', 'add', 'https://erp.example.org/hooks/bis');
      assert.deepEqual(other.events, PAYMENT_EVENTS);
      assert.match(other.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
      assert.notEqual(other.secret, secrets[0]);

      const listed = await human('webhooks', 'list');
      assert.deepEqual(listed.split('\n')[0]!.trim().split(/\s+/), ['ID', 'Enabled', 'URL', 'Internal', 'Events']);
      assert.deepEqual(
        rowsOf(listed)
          .map((row) => row.trim().split(/\s+/))
          .sort(),
        [
          [webhookId, 'yes', receiver.url, 'yes', '2'],
          [other.webhookId, 'yes', 'https://erp.example.org/hooks/bis', 'no', '5'],
        ].sort(),
      );
      const shown = await human('webhooks', 'show', webhookId);
      assert.deepEqual(detailsOf(shown), added);
      const listedJson = await cliJson('webhooks', 'list');
      assert.equal(listedJson.items.length, 2);
      for (const text of [
        listed,
        shown,
        JSON.stringify(listedJson),
        JSON.stringify(await cliJson('webhooks', 'show', webhookId)),
      ])
        assert.ok(!text.includes('whsec_'), `a secret shown again: ${text}`);

      // The second endpoint would get the payments below at an address that does not answer.
      assert.equal((await admin(t.app, 'DELETE', `/webhooks/${other.webhookId}`)).statusCode, 204);
    });

    it('test sends a signed webhook.test that messages lists; replay sends it again with the same id', async () => {
      const sent = await human('webhooks', 'test', webhookId);
      const testId = /^(msg_\d+) is on its way: see it with bis webhooks messages (\S+)\n$/.exec(sent);
      assert.ok(testId, sent);
      assert.equal(testId[2], webhookId);
      const messageId = testId[1]!;
      assert.deepEqual(await messageRows(), [[messageId, 'webhook.test', '-', ...printedNow(), 'pending', '0', '-']]);

      assert.equal(await deliver(), 1);
      const [got] = await receiver.received();
      assert.ok(got, 'the receiver got the test');
      assert.equal(got.id, messageId);
      assert.equal(got.type, 'webhook.test');
      assert.equal(got.verified, true, 'signed with the secret add printed');
      assert.deepEqual(got.data, { message: 'A test from bank-integration-service' });

      const bank = await bankWithToken(t.app, 'Webhook Bank');
      const paid = await acceptedPayment(t.app, bank, { amount: '2750.00' });
      assert.equal(await deliver(), 1);
      const payment = (await receiver.received()).at(-1)!;
      assert.equal(payment.type, 'payment.accepted');
      assert.equal(payment.verified, true);
      assert.equal(payment.data?.erpRefId, paid.erpRefId);
      assert.equal(payment.data?.amount, '2750.00');

      const when = printedNow();
      assert.deepEqual(await messageRows(), [
        [payment.id, 'payment.accepted', String(payment.data?.paymentId), ...when, 'delivered', '1', '204'],
        [messageId, 'webhook.test', '-', ...when, 'delivered', '1', '204'],
      ]);
      assert.deepEqual(
        (await messageRows('--status', 'delivered', '--limit', '1')).map((row) => row[0]),
        [payment.id],
      );
      assert.match(await human('webhooks', 'messages', webhookId, '--status', 'failed'), /\n\(none\)\n$/);

      const replayed = await human('webhooks', 'replay', webhookId, messageId);
      assert.equal(replayed, `${messageId} goes out again now.\n`);
      const pending = await cliJson('webhooks', 'messages', webhookId, '--status', 'pending');
      assert.deepEqual(
        pending.items.map((m: { messageId: string; attempts: number }) => [m.messageId, m.attempts]),
        [[messageId, 1]],
        'the attempt before the replay still counts',
      );
      assert.equal(await deliver(), 1);
      const again = (await receiver.received()).filter((r) => r.id === messageId);
      assert.equal(again.length, 2, 'the receiver got the test twice, under one webhook-id');
      assert.ok(
        again.every((r) => r.verified && r.type === 'webhook.test'),
        JSON.stringify(again),
      );
      assert.deepEqual((await messageRows()).at(-1)!.slice(-3), ['delivered', '2', '204'], 'both attempts');
    });

    it('refuses an unknown endpoint with a hint, a plain-http URL elsewhere, and a replay of nothing', async () => {
      const unknown = await cli('webhooks', 'show', 'no-such-webhook');
      exitedWith(unknown, 1);
      narrow(unknown, 'webhooks show no-such-webhook');
      assert.match(
        unknown.stderr,
        new RegExp(
          '^bis: the service refused: No webhook endpoint no-such-webhook \\(404 not_found\\)\\n' +
            '  list the webhooks and their IDs with: bis webhooks list\\n$',
        ),
      );
      const plain = await cli('webhooks', 'add', 'http://erp.example.org/hooks/bis');
      exitedWith(plain, 1);
      narrow(plain, 'webhooks add http://…');
      assert.match(plain.stderr, /url: must be https:\/\//);
      const nothing = await cli('webhooks', 'replay', webhookId);
      exitedWith(nothing, 1);
      narrow(nothing, 'webhooks replay');
      assert.match(nothing.stderr, /since: is required/);
      assert.equal((await cliJson('webhooks', 'list')).items.length, 1, 'nothing was added');
    });

    // Last: it moves the clock on by days.
    it('replay --since sends every message that failed since then again', async () => {
      await receiver.setUp({ plan: Array(RETRY_DELAYS_MS.length + 1).fill('500') });
      const since = t.clock.now().toISOString();
      const sent = await cliJson('webhooks', 'test', webhookId);
      for (const wait of RETRY_DELAYS_MS) {
        assert.equal(await deliver(), 1);
        t.clock.advance(wait * 1.1 + SECOND);
      }
      assert.equal(await deliver(), 1, 'the last attempt');
      const failed = await messageRows('--status', 'failed');
      assert.deepEqual(failed.length, 1);
      assert.deepEqual(
        [failed[0]![0], failed[0]!.slice(-3)],
        [sent.messageId, ['failed', String(RETRY_DELAYS_MS.length + 1), '500']],
      );

      assert.equal(await human('webhooks', 'replay', webhookId, '--since', since), '1 messages go out again now.\n');
      assert.equal(await deliver(), 1);
      const last = (await receiver.received()).at(-1)!;
      assert.deepEqual([last.id, last.behaviour, last.verified], [sent.messageId, 'ok', true]);
      assert.match(await human('webhooks', 'messages', webhookId, '--status', 'failed'), /\n\(none\)\n$/);
      assert.equal(await human('webhooks', 'replay', webhookId, '--since', since), '0 messages go out again now.\n');
    });
  });
}
