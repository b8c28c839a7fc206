import assert from 'node:assert/strict';
import { execSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SERVER_LIMITS } from '../../src/http/server-limits.js';
import { type ServiceProcess, startService, stopService } from '../support/service-process.js';
import { startServedApp, type TestApp } from '../support/test-app.js';

// Ten addresses once took the service off the air: 1,000 sockets that sent nothing (or idled between
// keep-alive requests), 100 from each, filled the instance's 1,000 connections and every other
// client was refused. These tests hold such sockets from addresses of the loopback range, which
// all reach the service: 127.0.N.1 is in network 127.0.N.0/24.

interface Held {
  socket: Socket;
  /** Everything the server sent so far. */
  received: () => string;
  closed: Promise<void>;
}

/** A connection from `from`, open once this resolves; writes `head` when given. */
async function hold(port: number, from: string, head?: string): Promise<Held> {
  const socket = connect({ host: '127.0.0.1', port, localAddress: from });
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  // Written at once: the socket sends it on connecting. A connection the server closes at once ends here too.
  if (head) socket.write(head);
  await Promise.race([once(socket, 'connect'), closed]);
  return { socket, received: () => received, closed };
}

const HEALTHZ = 'GET /healthz HTTP/1.1\r\nHost: bis\r\n\r\n';

/** Resolves once the server has answered once on `held`, keeping the connection open. */
async function answered(held: Held): Promise<void> {
  while (!/\r\n\r\n\{[^}]*\}/.test(held.received())) {
    await Promise.race([once(held.socket, 'data'), held.closed]);
    if (held.socket.destroyed) throw new Error(`closed before an answer: ${JSON.stringify(held.received())}`);
  }
}

/** 100 connections from each of ten networks 127.0.first.1 ... 127.0.(first + 9).1. */
async function fromTenNetworks(port: number, first: number, head?: string): Promise<Held[]> {
  const all: Held[] = [];
  for (let network = first; network < first + 10; network++) {
    all.push(...(await Promise.all(Array.from({ length: 100 }, () => hold(port, `127.0.${network}.1`, head)))));
  }
  return all;
}

/** A new client from `from` asks for /healthz and is answered; its connection is closed then. */
async function assertAnswered(port: number, from: string): Promise<void> {
  const client = await hold(port, from, HEALTHZ);
  await answered(client);
  client.socket.destroy();
}

async function release(held: Held[]): Promise<void> {
  for (const { socket } of held) socket.destroy();
  await Promise.all(held.map(({ closed }) => closed));
}

describe('ten networks cannot take the service off the air (connections capped per /24, room made at the cap)', () => {
  let service: ServiceProcess;
  let dataDir: string;
  let port: number;
  before(async () => {
    // The service and this test each hold over a thousand sockets.
    const limit = Number(execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim());
    assert.ok(Number.isNaN(limit) || limit >= 2_500, `ulimit -n is ${limit}: this test needs 2,500 descriptors`);
    dataDir = mkdtempSync(join(tmpdir(), 'bis-flood-'));
    service = await startService({ BIS_DATA_DIR: dataDir, DATABASE_URL: '' });
    port = Number(new URL(service.url).port);
  });
  after(async () => {
    await stopService(service, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('1,000 silent sockets from ten /24s: a request from another address is still answered', async () => {
    const silent = await fromTenNetworks(port, 1);
    try {
      await assertAnswered(port, '127.0.0.1');
    } finally {
      await release(silent);
    }
  });

  it('1,000 idle keep-alive connections, each after one request: a new client is still answered', async () => {
    const idle = await fromTenNetworks(port, 31, HEALTHZ);
    try {
      await Promise.all(idle.map(answered));
      await assertAnswered(port, '127.0.50.1');
    } finally {
      await release(idle);
    }
  });

  it('one /24 holds at most 100 connections: the 101st, from its 101st address, takes the place of its oldest silent one', async () => {
    const held = await Promise.all(Array.from({ length: 100 }, (_, i) => hold(port, `127.0.20.${i + 1}`)));
    try {
      const extra = await hold(port, '127.0.20.101', HEALTHZ);
      await answered(extra);
      await held[0]?.closed;
      assert.equal(held.filter(({ socket }) => !socket.destroyed).length, 99, 'the network still holds 100');
      extra.socket.destroy();
      await assertAnswered(port, '127.0.21.1');
    } finally {
      await release(held);
    }
  });

  it('1,000 silent sockets from ten addresses of one /24: another client of that /24 is still answered', async () => {
    const silent: Held[] = [];
    for (let address = 2; address <= 11; address++) {
      silent.push(...(await Promise.all(Array.from({ length: 100 }, () => hold(port, `127.0.40.${address}`)))));
    }
    try {
      await assertAnswered(port, '127.0.40.1');
    } finally {
      await release(silent);
    }
  });
});

/** A network at its cap whose connections all serve requests has no room to make: its newcomer is refused. */
describe('a network whose connections all serve requests refuses its newcomer', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    ({ t, port } = await startServedApp({
      config: { maxConnectionsPerAddress: 2 },
      serverLimits: { ...SERVER_LIMITS, slowBodyGrace: 60_000 },
    }));
  });
  after(() => t.close());

  it('closes the newcomer unanswered, and another network is still served', async () => {
    const busy = [await hold(port, '127.0.70.1', BUSY), await hold(port, '127.0.70.2', BUSY)];
    // An answer on another connection comes after the service has read the heads sent before it.
    const other = await hold(port, '127.0.71.1', HEALTHZ);
    await answered(other);
    const refused = await hold(port, '127.0.70.3', HEALTHZ);
    await refused.closed;
    assert.equal(refused.received(), '');
    assert.ok(
      busy.every(({ socket }) => !socket.destroyed),
      'no connection serving a request was closed',
    );
    other.socket.destroy();
    await release(busy);
  });
});

/** A request whose head has arrived and whose body has not: the connection is serving it. */
const BUSY =
  'POST /oauth/v1/token HTTP/1.1\r\nHost: bis\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ngrant';

describe('at the cap, a newcomer closes an idle keep-alive connection first, then the oldest silent one, and is refused only when every connection serves a request', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    ({ t, port } = await startServedApp({
      serverLimits: { ...SERVER_LIMITS, maxConnections: 4, idleGrace: 0, slowBodyGrace: 60_000 },
    }));
  });
  after(() => t.close());

  it('makes room in that order', async () => {
    const silent1 = await hold(port, '127.0.60.1');
    const silent2 = await hold(port, '127.0.60.2');
    const idle = await hold(port, '127.0.61.1', HEALTHZ);
    await answered(idle);
    const busy = [await hold(port, '127.0.62.1', BUSY)];
    // Each newcomer closes exactly one connection: the one that closes is the one chosen.
    busy.push(await hold(port, '127.0.62.2', BUSY));
    await idle.closed; // idle, though newer than the silent ones
    const answeredOne = await hold(port, '127.0.63.1', HEALTHZ);
    await answered(answeredOne);
    await silent1.closed; // none idle: the oldest silent one
    assert.ok(!silent2.socket.destroyed);
    busy.push(await hold(port, '127.0.62.3', BUSY));
    await answeredOne.closed; // idle again after its answer, so it goes before the silent one
    busy.push(await hold(port, '127.0.62.4', BUSY));
    await silent2.closed;
    const refused = await hold(port, '127.0.64.1', HEALTHZ);
    await refused.closed;
    assert.equal(refused.received(), '', 'every connection serves a request: the newcomer is refused');
    await release(busy);
  });
});

describe('at the cap, a connection idle only a moment (a client between two requests) goes after the silent ones', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    ({ t, port } = await startServedApp({
      serverLimits: { ...SERVER_LIMITS, maxConnections: 3, idleGrace: 60_000, slowBodyGrace: 60_000 },
    }));
  });
  after(() => t.close());

  it('closes the silent one, then the one just idle, then refuses', async () => {
    const silent = await hold(port, '127.0.66.1');
    const justIdle = await hold(port, '127.0.67.1', HEALTHZ);
    await answered(justIdle);
    const busy = [await hold(port, '127.0.68.1', BUSY)];
    busy.push(await hold(port, '127.0.68.2', BUSY));
    await silent.closed;
    assert.ok(!justIdle.socket.destroyed);
    busy.push(await hold(port, '127.0.68.3', BUSY));
    await justIdle.closed; // none silent: not serving a request, so it goes rather than a newcomer be refused
    const refused = await hold(port, '127.0.69.1', HEALTHZ);
    await refused.closed;
    assert.equal(refused.received(), '');
    await release(busy);
  });
});

describe('at the cap, heads followed by bodies that trickle in are closed for a newcomer, after the silent ones', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    ({ t, port } = await startServedApp({
      serverLimits: { ...SERVER_LIMITS, maxConnections: 3, idleGrace: 60_000, slowBodyGrace: 0 },
    }));
  });
  after(() => t.close());

  it('closes the silent one, then the slow senders, oldest first, and answers each newcomer', async () => {
    const silent = await hold(port, '127.0.72.1');
    const slow = [await hold(port, '127.0.73.1', BUSY), await hold(port, '127.0.73.2', BUSY)];
    const first = await hold(port, '127.0.74.1', HEALTHZ);
    await answered(first);
    await silent.closed;
    assert.ok(
      slow.every(({ socket }) => !socket.destroyed),
      'the silent one goes first',
    );
    first.socket.destroy();
    await first.closed;
    const second = await hold(port, '127.0.74.2', HEALTHZ);
    await answered(second);
    const third = await hold(port, '127.0.74.3', HEALTHZ);
    await answered(third);
    await slow[0]?.closed;
    assert.equal(slow[0]?.received(), '', 'closed to make room, not answered 408 at its body time');
    assert.ok(!slow[1]?.socket.destroyed, 'one room made, one slow sender closed');
    for (const held of [second, third, ...slow]) held.socket.destroy();
  });
});

describe('a new connection that sends nothing is closed when its first request is due', () => {
  let t: TestApp;
  let port: number;
  before(async () => {
    ({ t, port } = await startServedApp({ serverLimits: { ...SERVER_LIMITS, headersTimeout: 300 } }));
  });
  after(() => t.close());

  it('closes it (Node 20 times out only a head that has begun)', async () => {
    const silent = await hold(port, '127.0.65.1');
    const gaveUp = new Promise<string>((resolve) => setTimeout(() => resolve('still open after 5 s'), 5_000).unref());
    assert.equal(await Promise.race([silent.closed.then(() => 'closed'), gaveUp]), 'closed');
    assert.equal(silent.received(), '');
  });
});
