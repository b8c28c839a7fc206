import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SERVER_LIMITS } from '../src/http/server-limits.js';
import { startServedApp, startTestApp, type TestApp } from './support/test-app.js';

/** Opens a raw connection, writes `head`, and resolves with what the server sent when it closed the connection. */
function stall(port: number, head: string): { socket: Socket; closed: Promise<{ after: number; received: string }> } {
  const started = Date.now();
  const socket = connect(port, '127.0.0.1', () => socket.write(head));
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => {});
  const closed = new Promise<{ after: number; received: string }>((resolve) =>
    socket.on('close', () => resolve({ after: Date.now() - started, received })),
  );
  return { socket, closed };
}

describe('server timeouts and the connection cap', () => {
  it('are set on the production server', async () => {
    const t = await startTestApp('pglite');
    try {
      assert.equal(t.app.server.headersTimeout, SERVER_LIMITS.headersTimeout);
      assert.equal(t.app.server.requestTimeout, SERVER_LIMITS.requestTimeout);
      assert.equal(t.app.server.keepAliveTimeout, SERVER_LIMITS.keepAliveTimeout);
      // Not Node's maxConnections, which refuses every newcomer once full: src/http/connection-cap.ts keeps the cap.
      assert.equal(SERVER_LIMITS.maxConnections, 1_000);
      assert.ok(SERVER_LIMITS.headersTimeout <= 10_000 && SERVER_LIMITS.requestTimeout <= 300_000);
    } finally {
      await t.close();
    }
  });

  describe('with short limits', () => {
    let t: TestApp;
    let port: number;
    const limits = {
      headersTimeout: 400,
      requestTimeout: 800,
      keepAliveTimeout: 300,
      maxConnections: 4,
      idleGrace: 0,
      // The stalled bodies below stand for requests in progress: never closed to make room.
      slowBodyGrace: 60_000,
      connectionsCheckingInterval: 50,
      bodyTime: { quick: 800, standard: 800, upload: 800 },
    };
    before(async () => {
      ({ t, port } = await startServedApp({ serverLimits: limits }));
    });
    after(() => t.close());

    const healthy = async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status;

    it('cuts off a client that never finishes its headers, and serves others meanwhile', async () => {
      const { closed } = stall(port, 'POST /bank/v1/validate HTTP/1.1\r\nHost: bis\r\nX-Slow: ');
      assert.equal(await healthy(), 200);
      const { after: ms, received } = await closed;
      assert.ok(ms >= limits.headersTimeout && ms < 3_000, `closed after ${ms} ms`);
      assert.match(received, /^HTTP\/1\.1 408/);
    });

    it('cuts off a client that stops sending its body', async () => {
      const { closed } = stall(
        port,
        // The token endpoint: its credentials may come in the body, so it must wait for it (a bank
        // route without a token is answered 401 before its body).
        'POST /oauth/v1/token HTTP/1.1\r\nHost: bis\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ngrant_type=cli',
      );
      assert.equal(await healthy(), 200);
      const { after: ms } = await closed;
      assert.ok(ms >= limits.requestTimeout && ms < 4_000, `closed after ${ms} ms`);
    });

    it('closes an idle keep-alive connection', async () => {
      const { closed } = stall(port, 'GET /healthz HTTP/1.1\r\nHost: bis\r\n\r\n');
      const { after: ms, received } = await closed;
      assert.match(received, /^HTTP\/1\.1 200/);
      assert.ok(ms >= limits.keepAliveTimeout && ms < 3_000, `closed after ${ms} ms`);
    });

    it('refuses connections beyond the cap, and takes new ones once they close', async () => {
      // Each serving a request (its body stalled): at the cap a newcomer closes an idle or silent connection, not these.
      const held = Array.from({ length: limits.maxConnections }, () =>
        stall(
          port,
          'POST /oauth/v1/token HTTP/1.1\r\nHost: bis\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ngrant',
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      const extra = stall(port, 'GET /healthz HTTP/1.1\r\nHost: bis\r\n\r\n');
      const { after: ms, received } = await extra.closed;
      assert.equal(received, '', 'a connection over the cap is closed without an answer');
      assert.ok(ms < limits.headersTimeout, `closed after ${ms} ms`);
      for (const { socket } of held) socket.destroy();
      await Promise.all(held.map(({ closed }) => closed));
      assert.equal(await healthy(), 200);
    });
  });
});

describe('request ids', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp('pglite', { captureLogs: true });
  });
  after(() => t.close());

  it('answers every request with its id, and puts that id in each of its log lines', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/bank/v1/validate',
      payload: { customerRef: '1234567' },
    });
    const id = response.headers['x-request-id'];
    assert.match(String(id), /^[0-9a-f-]{36}$/);
    const lines = t.logs.map((line) => JSON.parse(line)).filter((line) => line.reqId === id);
    assert.ok(lines.length >= 2, 'the request and its answer are logged');
    const requestLines = t.logs.map((line) => JSON.parse(line)).filter((line) => line.req || line.res);
    for (const line of requestLines) assert.ok(line.reqId, JSON.stringify(line));
  });

  it('keeps the id a load balancer sent, and replaces one that could break a log line', async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.42' } });
    assert.equal(kept.headers['x-request-id'], 'lb-7f3a.42');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': `evil\u0007"id${'x'.repeat(200)}` },
    });
    assert.match(String(replaced.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });
});
