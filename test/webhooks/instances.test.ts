import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { buildApp } from '../../src/app.js';
import { systemClock } from '../../src/clock.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { admin, bankCall, createBank, paymentBody, putMember, tokenFor } from '../support/bank.js';
import { createTestDatabase, NEEDS_POSTGRES, type TestDatabase } from '../support/databases.js';
import { serviceOk as call, integrateBank } from '../support/service-http.js';
import { type ServiceProcess, startService, stopService } from '../support/service-process.js';
import { ADMIN_TOKEN, defaultTestConfig, json } from '../support/test-app.js';

// Instances of the service on one PostgreSQL database deliver every message once: two processes,
// each running its own deliver-webhooks job; then eight delivery runs claiming all at once.
// A receiver of its own counts what arrives by webhook-id.

const PAYMENTS = 400;
const MEMBER = '9400001';
/** Attempts one instance has in flight at most (PARALLEL in src/webhooks/delivery.ts). */
const ONE_INSTANCE_IN_FLIGHT = 32;
/** The longest the receiver keeps an answer back: far within the 10 s a receiver has, so no retry is due. */
const HOLD_MS = 2_000;

/**
 * A receiver that counts what comes by webhook-id and verifies each signature with the
 * standardwebhooks library. It answers 204 to everything, within `holdMs`: it keeps each answer
 * back until more attempts are in flight than one instance ever has (so both instances are
 * sending at that moment, and it lets them all go), or `holdMs` has passed. Claims of the two
 * instances so overlap, as a slow ERP makes them, and the most in flight at once shows they did.
 * With `holdMs` 0 it answers at once.
 */
async function startCountingReceiver(holdMs: number) {
  let secret = '';
  const counts = new Map<string, number>();
  const unverified: string[] = [];
  const held = new Set<() => void>();
  let inFlight = 0;
  let mostInFlight = 0;
  const verifies = (body: string, headers: IncomingHttpHeaders) => {
    try {
      new Webhook(secret).verify(body, headers as Record<string, string>);
      return true;
    } catch {
      return false;
    }
  };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      counts.set(id, (counts.get(id) ?? 0) + 1);
      if (!verifies(Buffer.concat(chunks).toString('utf8'), request.headers)) unverified.push(id);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      const answer = () => {
        if (!held.delete(answer)) return;
        inFlight -= 1;
        response.writeHead(204).end();
      };
      held.add(answer);
      if (inFlight > ONE_INSTANCE_IN_FLIGHT || holdMs === 0) for (const release of [...held]) release();
      else setTimeout(answer, holdMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    setSecret: (value: string) => {
      secret = value;
    },
    counts,
    unverified,
    mostInFlight: () => mostInFlight,
    stop: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The attempts this instance made, by outcome, from its /metrics. */
async function attemptsOf(url: string) {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).text();
  const counts = { delivered: 0, retrying: 0, failed: 0 };
  for (const [, outcome, value] of text.matchAll(/^bis_webhook_attempts_total\{outcome="(\w+)"\} (\d+)$/gm))
    if (outcome && outcome in counts) counts[outcome as keyof typeof counts] = Number(value);
  return counts;
}

interface Message {
  messageId: string;
  paymentId: number | null;
  status: string;
  attempts: number;
}

/** Every message of an endpoint, following nextCursor. */
async function messagesOf(list: (query: string) => Promise<{ items: Message[]; nextCursor: string | null }>) {
  const messages: Message[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(new URLSearchParams({ limit: '500', ...(cursor ? { cursor } : {}) }).toString());
    messages.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return messages;
}

type Receiver = Awaited<ReturnType<typeof startCountingReceiver>>;

/** What the receiver got matches the endpoint's messages: each once, signed, and nothing else. */
function receivedEachOnce(receiver: Receiver, messages: Message[]) {
  assert.equal(messages.length, PAYMENTS);
  assert.equal(new Set(messages.map((m) => m.paymentId)).size, PAYMENTS, 'one message per payment');
  assert.deepEqual(receiver.unverified, [], 'every signature verifies');
  const repeated = [...receiver.counts].filter(([, count]) => count !== 1);
  assert.deepEqual(repeated, [], 'each webhook-id arrived exactly once');
  assert.deepEqual(
    [...receiver.counts.keys()].sort(),
    messages.map((m) => m.messageId).sort(),
    'the receiver got every message, and nothing else',
  );
  assert.deepEqual(
    messages.filter((m) => m.status !== 'delivered' || m.attempts !== 1),
    [],
    'each delivered at its one attempt: the receiver answered 204 to every one',
  );
}

describe('webhooks from two instances on one PostgreSQL database', { skip: NEEDS_POSTGRES }, () => {
  let testDb: TestDatabase;
  const dataDirs: string[] = [];
  let instances: ServiceProcess[] = [];
  const receivers: Receiver[] = [];
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  before(async () => {
    testDb = await createTestDatabase('postgres');
  });
  after(async () => {
    await Promise.all(instances.map((instance) => stopService(instance, 'SIGKILL')));
    await Promise.all(apps.map((app) => app.close()));
    await Promise.all(databases.map((database) => database.close()));
    await Promise.all(receivers.map((receiver) => receiver.stop()));
    await testDb.dispose();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it(`two service processes deliver each of ${PAYMENTS} messages once, each by one of them`, async (t) => {
    const receiver = await startCountingReceiver(HOLD_MS);
    receivers.push(receiver);
    for (let i = 0; i < 2; i++) dataDirs.push(mkdtempSync(join(tmpdir(), 'bis-webhook-instances-')));
    // Started together, so they migrate together too.
    instances = await Promise.all(
      dataDirs.map((dir) => startService({ DATABASE_URL: testDb.options.url, BIS_DATA_DIR: dir })),
    );
    const [a, b] = instances as [ServiceProcess, ServiceProcess];
    const token = await integrateBank(a.url, 'Two Instances Bank', MEMBER, 'Shared Member');
    const endpoint = await call(a.url, 'POST', '/admin/v1/webhooks', {
      url: receiver.url,
      internal: true,
      events: ['payment.accepted'],
      description: 'ERP behind two instances',
    });
    receiver.setSecret(endpoint.secret);

    // Ten senders, each to both instances in turn, while both delivery jobs run.
    const erpRefIds = new Set<string>();
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = next++; i < PAYMENTS; i = next++) {
          const paid = await call(
            (i % 2 ? b : a).url,
            'POST',
            '/bank/v1/payments',
            { transactionReference: `WHINST-${i}`, paymentType: 'RTGS', customerRef: MEMBER, amount: '25.00' },
            token,
          );
          erpRefIds.add(paid.erpRefId);
        }
      }),
    );
    assert.equal(erpRefIds.size, PAYMENTS);

    const list = (query: string) => call(a.url, 'GET', `/admin/v1/webhooks/${endpoint.webhookId}/messages?${query}`);
    const deadline = Date.now() + 120_000;
    let messages = await messagesOf(list);
    while (messages.length < PAYMENTS || messages.some((m) => m.status !== 'delivered')) {
      const pending = messages.filter((m) => m.status !== 'delivered').length;
      assert.ok(Date.now() < deadline, `${pending} of ${messages.length} messages not delivered after 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      messages = await messagesOf(list);
    }
    // An instance counts an attempt just after it has recorded it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [fromA, fromB] = await Promise.all([attemptsOf(a.url), attemptsOf(b.url)]);
    t.diagnostic(
      `delivered by the first instance ${fromA.delivered}, by the second ${fromB.delivered}; ` +
        `at most ${receiver.mostInFlight()} attempts in flight at once`,
    );

    receivedEachOnce(receiver, messages);
    assert.deepEqual(
      { delivered: fromA.delivered + fromB.delivered, retrying: fromA.retrying + fromB.retrying },
      { delivered: PAYMENTS, retrying: 0 },
      'each attempt made by one instance',
    );
    assert.ok(fromA.delivered > 0 && fromB.delivered > 0, 'both instances delivered');
    assert.ok(
      receiver.mostInFlight() > ONE_INSTANCE_IN_FLIGHT,
      'both instances had attempts in flight at the same moment',
    );
  });

  // The jobs above claim once a second each, so their claims seldom meet. Here eight delivery
  // runs on two instances' connection pools (as eight instances would) claim five messages at a
  // time, all at once: every claim races the others for the same oldest rows.
  it(`eight delivery runs claiming at once send each of ${PAYMENTS} messages once`, async (t) => {
    await Promise.all(instances.map((instance) => stopService(instance, 'SIGTERM')));
    for (let i = 0; i < 2; i++) databases.push(await openDatabase(testDb.options));
    for (const database of databases)
      apps.push(await buildApp({ config: defaultTestConfig, database, clock: systemClock }));
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    for (const { webhookId } of json(await admin(a, 'GET', '/webhooks')).items)
      assert.equal((await admin(a, 'DELETE', `/webhooks/${webhookId}`)).statusCode, 204);

    const receiver = await startCountingReceiver(0);
    receivers.push(receiver);
    const created = await admin(a, 'POST', '/webhooks', {
      url: receiver.url,
      internal: true,
      events: ['payment.accepted'],
    });
    assert.equal(created.statusCode, 201, created.body);
    const endpoint = json(created);
    receiver.setSecret(endpoint.secret);

    // The backlog first: no job runs in these apps, so nothing is claimed until the runs start.
    const bank = await createBank(a, 'Backlog Bank');
    const token = await tokenFor(a, bank.clientId, bank.clientSecret);
    const member = '9400002';
    await putMember(a, member, 'Backlog Member');
    assert.equal((await bankCall(a, token, 'validate', { customerRef: member })).statusCode, 200);
    let next = 0;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = next++; i < PAYMENTS; i = next++) {
          const paid = await bankCall(i % 2 ? b : a, token, 'payments', paymentBody(member));
          assert.equal(paid.statusCode, 200, paid.body);
        }
      }),
    );

    const run = async (app: FastifyInstance) => {
      let claimed = 0;
      for (;;) {
        const batch = await app.services.webhookDelivery.deliverDue(5);
        if (batch === 0) return claimed;
        claimed += batch;
      }
    };
    const claims = await Promise.all(Array.from({ length: 8 }, (_, i) => run(i % 2 ? b : a)));
    t.diagnostic(`messages claimed by each run: ${claims.join(', ')}`);

    const list = async (query: string) =>
      json(await admin(a, 'GET', `/webhooks/${endpoint.webhookId}/messages?${query}`));
    receivedEachOnce(receiver, await messagesOf(list));
    assert.equal(
      claims.reduce((sum, n) => sum + n, 0),
      PAYMENTS,
      'each message claimed by one run',
    );
    assert.ok(claims.filter((n) => n > 0).length >= 2, 'more than one run claimed messages');
  });
});
