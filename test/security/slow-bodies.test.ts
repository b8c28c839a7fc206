import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { readRanges } from '../../src/addresses.js';
import { SERVER_LIMITS } from '../../src/http/server-limits.js';
import { ADMIN_TOKEN, startServedApp, type TestApp } from '../support/test-app.js';

interface Client {
  socket: Socket;
  /** What the server sent, and when it closed the connection, from the first byte written. */
  closed: Promise<{ ms: number; received: string }>;
}

/** A raw connection from `from` that writes `head` and then whatever the test sends. */
function open(port: number, from: string, head: string): Client {
  const started = Date.now();
  const socket = connect({ port, host: '127.0.0.1', localAddress: from });
  // Written at once: the socket keeps it, and anything the test writes later, in order until it connects.
  socket.write(head);
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => {});
  const closed = new Promise<{ ms: number; received: string }>((resolve) =>
    socket.on('close', () => resolve({ ms: Date.now() - started, received })),
  );
  return { socket, closed };
}

const post = (path: string, contentType: string, length: number, extra = '') =>
  `POST ${path} HTTP/1.1\r\nHost: bis\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n${extra}\r\n`;
const TOKEN_HEAD = post('/oauth/v1/token', 'application/x-www-form-urlencoded', 4000);

describe('slow request bodies and connections per address', () => {
  const bodyTime = { quick: 300, standard: 600, upload: 10_000 };
  let t: TestApp;
  let port: number;
  before(async () => {
    const trusted = readRanges(['127.0.0.3']);
    assert.ok('ranges' in trusted);
    ({ t, port } = await startServedApp({
      config: { maxConnectionsPerAddress: 5, trustedProxies: trusted.ranges },
      serverLimits: { ...SERVER_LIMITS, bodyTime },
    }));
  });
  after(() => t.close());

  const healthz = async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status;

  it('answers a stalled token body 408 and closes the connection once its route time is up', async () => {
    const client = open(port, '127.0.0.2', TOKEN_HEAD);
    const { ms, received } = await client.closed;
    assert.match(received, /^HTTP\/1\.1 408 /);
    assert.ok(ms >= bodyTime.quick && ms < 2_000, `closed after ${ms} ms`);
  });

  it('cuts off a body that trickles in a byte at a time', async () => {
    const client = open(port, '127.0.0.2', post('/oauth/v1/token', 'application/x-www-form-urlencoded', 1000));
    const drip = setInterval(() => client.socket.write('a'), 50);
    try {
      const { ms, received } = await client.closed;
      assert.match(received, /^HTTP\/1\.1 408 /);
      assert.ok(ms < 2_000, `closed after ${ms} ms`);
    } finally {
      clearInterval(drip);
    }
  });

  it('gives an upload the longer time it needs', async () => {
    const csv = 'customerRef,fullName,status\r\n1234567,Jane Wanjiru,active\r\n';
    const head = post(
      '/admin/v1/members/import?dryRun=true',
      'text/csv',
      Buffer.byteLength(csv),
      `Authorization: Bearer ${ADMIN_TOKEN}\r\n`,
    );
    const client = open(port, '127.0.0.4', head);
    // Listening from the start: an early answer (a 408, say) must fail the test, not hang it.
    const answer = new Promise<string>((resolve) => {
      client.socket.once('data', (chunk) => resolve(String(chunk)));
      client.socket.once('close', () => resolve('(closed without an answer)'));
    });
    // Slower than the quick and standard times allow, well within the upload time.
    for (const char of csv) {
      if (client.socket.destroyed) break;
      client.socket.write(char);
      await new Promise((resolve) => setTimeout(resolve, 1_000 / csv.length));
    }
    // The answer comes once the last byte is in: the socket stays open for it.
    const received = await answer;
    client.socket.destroy();
    assert.match(received, /^HTTP\/1\.1 200 /);
  });

  it('keeps serving /healthz while one address holds stalled connections, and refuses that address past its cap', async () => {
    // From another /24 than the /healthz calls' 127.0.0.1: the cap counts connections per /24.
    const clients = Array.from({ length: 30 }, () => open(port, '127.0.2.2', TOKEN_HEAD));
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(await healthz(), 200, 'another address is served meanwhile');
    const outcomes = await Promise.all(clients.map((client) => client.closed));
    // Refused: closed with no answer, before any kept one's time is up; a kept one is answered 408.
    // Compared with the kept ones' time, not a clock's: on a busy machine opening thirty takes a while.
    const timedOut = outcomes.filter(({ received }) => /^HTTP\/1\.1 408 /.test(received));
    assert.equal(timedOut.length, 5, 'the five it kept are cut off when their time is up');
    const firstTimeUp = Math.min(...timedOut.map(({ ms }) => ms));
    const refusedAtOnce = outcomes.filter(({ ms, received }) => received === '' && ms < firstTimeUp);
    assert.equal(refusedAtOnce.length, 25, 'connections past the cap of 5 are closed as they arrive');
    assert.equal(await healthz(), 200);
  });

  it('does not cap the address of a trusted proxy', async () => {
    const clients = Array.from({ length: 10 }, () => open(port, '127.0.0.3', TOKEN_HEAD));
    const outcomes = await Promise.all(clients.map((client) => client.closed));
    assert.ok(
      outcomes.every(({ received }) => /^HTTP\/1\.1 408 /.test(received)),
      'each was kept until its time was up',
    );
  });
});
