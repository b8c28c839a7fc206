import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createBank } from '../support/bank.js';
import { builtEntries } from '../support/built.js';
import { bis, exitedWith, type Run, succeeded, useCliService } from '../support/cli.js';
import { databaseKinds } from '../support/databases.js';

// bis simulate: a bank played against the service over HTTP, every answer checked against the contract.

/** bis with the secret typed into its standard input. */
async function bisWithInput(args: string[], input: string): Promise<Run> {
  const { bis: entry } = await builtEntries();
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [entry, ...args],
      { env: { ...process.env, BIS_URL: '' } },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input);
  });
}

/**
 * The service behind a proxy that spoils one answer the way a broken deployment might: the
 * non-ASCII name of test member 9900005 comes back with its letters folded to ASCII.
 */
async function spoilingProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
      const forwarded = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: incoming.url,
          method: incoming.method,
          headers: incoming.headers,
        },
        (answer) => {
          const parts: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => parts.push(chunk));
          answer.on('end', () => {
            let text = Buffer.concat(parts).toString('utf8');
            if (body.includes('9900005')) text = text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
            const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(text)) };
            outgoing.writeHead(answer.statusCode ?? 502, headers).end(text);
          });
        },
      );
      forwarded.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

for (const kind of databaseKinds()) {
  describe(`bis simulate (${kind})`, () => {
    const { t, url, dir } = useCliService(kind);
    let clientId = '';
    let secretFile = '';
    let secret = '';
    before(async () => {
      const bank = await createBank(t.app, 'Sandbox Bank', { sandbox: true });
      clientId = bank.clientId;
      secret = bank.clientSecret;
      secretFile = join(dir(), 'secret.txt');
      await writeFile(secretFile, `${secret}\n`, { mode: 0o600 });
    });

    it('passes every step against the service, a PASS line each with its time', async () => {
      const result = await bis([
        'simulate',
        '--url',
        url(),
        '--client-id',
        clientId,
        '--client-secret-file',
        secretFile,
      ]);
      succeeded(result);
      const lines = result.stdout.trimEnd().split('\n');
      const steps = lines.filter((line) => /^(PASS|FAIL) /.test(line));
      assert.ok(steps.length >= 15, result.stdout);
      for (const step of steps) assert.match(step, /^PASS {2}.+ \d+ ms/);
      assert.match(result.stdout, /^PASS {2}validate 9900005 \(active\)/m);
      assert.match(result.stdout, /^PASS {2}payment for 9900001 .* receipt TEST[A-Z2-9]{4}$/m);
      assert.equal(lines.at(-1), `${steps.length} steps: ${steps.length} passed, 0 failed`);
    });

    it('reads the secret from standard input with --client-secret -, and refuses it on the command line', async () => {
      const piped = await bisWithInput(
        ['simulate', '--url', url(), '--client-id', clientId, '--client-secret', '-'],
        secret,
      );
      succeeded(piped);
      const refused = await bis(['simulate', '--url', url(), '--client-id', clientId, '--client-secret', secret]);
      exitedWith(refused, 2);
      assert.match(refused.stderr, /a secret on the command line stays in the shell history/);
      assert.ok(!refused.stderr.includes(secret) && !refused.stdout.includes(secret));
    });

    it('runs a small load test with a latency summary', async () => {
      const args = ['simulate', '--url', url(), '--client-id', clientId, '--client-secret-file', secretFile];
      const result = await bis([...args, '--payments', '20', '--concurrency', '4']);
      succeeded(result);
      assert.match(result.stdout, /^Load: 20 payments, 4 at once, /m);
      assert.match(
        result.stdout,
        /^ {2}validate {2}20 calls, 0 failed {3}p50 [\d.]+ ms {3}p95 [\d.]+ ms {3}p99 [\d.]+ ms {3}max [\d.]+ ms$/m,
      );
      assert.match(result.stdout, /^ {2}payment {3}20 calls, 0 failed /m);
    });

    describe('against a deployment that answers one call wrongly', () => {
      let proxy: { url: string; close: () => Promise<void> };
      before(async () => {
        proxy = await spoilingProxy(url());
      });
      after(() => proxy.close());

      it('exits 1 and names the step that failed, with what it expected and what came', async () => {
        const result = await bis([
          'simulate',
          '--url',
          proxy.url,
          '--client-id',
          clientId,
          '--client-secret-file',
          secretFile,
        ]);
        exitedWith(result, 1);
        const failed = result.stdout.split('\n').filter((line) => line.startsWith('FAIL'));
        assert.equal(failed.length, 1, result.stdout);
        assert.match(
          failed[0] ?? '',
          /^FAIL {2}validate 9900005 \(active\) .*expected 200 .*Wanjirũ.*, got 200 .*Wanjiru Nambura-Otieno/,
        );
        assert.match(result.stdout, /steps: \d+ passed, 1 failed$/m);
        assert.match(result.stderr, /^bis: 1 check failed$/m);
      });
    });
  });
}
