import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { bis, closedPort, exitedWith, succeeded } from '../support/cli.js';
import { ADMIN_TOKEN } from '../support/test-app.js';

// bis on its own: its help, its usage errors and exit codes, and what it says when no service, or
// not the service, answers.

const COMMANDS = [
  'clients create',
  'clients add',
  'clients list',
  'clients show',
  'secrets issue',
  'secrets revoke',
  'members add',
  'members set-status',
  'members show',
  'members import',
  'payments list',
  'payments show',
  'payments held',
  'payments allocate',
  'payments return',
  'payments export',
  'reconcile',
  'reconciliations list',
  'reconciliations show',
  'reconciliations record',
  'report daily',
  'audit',
  'init',
  'login',
  'logout',
  'whoami',
  'simulate',
  'operators add',
  'operators list',
  'operators set-role',
  'operators disable',
  'operators enable',
  'operators invite',
  'operators tokens',
  'operators revoke-token',
  'operators reset-2fa',
  'demo',
];

describe('bis without a service', () => {
  it('documents every command and the exit codes in --help', async () => {
    const help = await bis(['--help']);
    succeeded(help);
    const groups = ['clients', 'secrets', 'members', 'payments', 'reconcile', 'reconciliations', 'report', 'audit'];
    for (const group of [...groups, 'init', 'login', 'logout', 'whoami', 'operators', 'demo']) {
      assert.match(help.stdout, new RegExp(`^  ${group}\\b`, 'm'));
    }
    assert.match(
      help.stdout,
      /Exit codes:\n {2}0 {2}success\n {2}1 {2}the service refused.*\n {2}2 {2}usage error.*\n {2}3 {2}the service could not be reached.*\n {2}4 {2}not signed in, or the service refused the credential/,
    );
    assert.match(help.stdout, /BIS_URL .*default http:\/\/localhost:8080/);
  });

  it('answers --help for every command, with its usage and the global options', async () => {
    const results = await Promise.all(COMMANDS.map((command) => bis([...command.split(' '), '--help'])));
    results.forEach((result, i) => {
      succeeded(result, `${COMMANDS[i]} --help`);
      // A command with another name shows both: `clients create|add`.
      const usage = (COMMANDS[i] ?? '').replace(/ (\S+)$/, ' (\\S+\\|)?$1(\\|\\S+)?');
      assert.match(result.stdout, new RegExp(`^Usage: bis ${usage} `));
      assert.match(result.stdout, /--json/);
    });
  });

  it("exits 2 on a usage error, with commander's message on stderr", async () => {
    const cases = [
      ['frobnicate'],
      ['clients'],
      ['clients', 'show'],
      ['members', 'add', '1234567', 'Jane', 'Wanjiru'],
      ['members', 'set-status', '1234567', 'asleep'],
      ['members', 'add', '1234567', 'Jane Wanjiru', '--status', 'retired'],
      ['payments', 'list', '--limit', '0'],
      ['payments', 'list', '--from', 'yesterday'],
      ['payments', 'list', '--bogus'],
      ['payments', 'export', '--format', 'xml'],
      [],
    ];
    const results = await Promise.all(
      cases.map((args) => bis(args, { BIS_URL: 'http://127.0.0.1:1', BIS_ADMIN_TOKEN: ADMIN_TOKEN })),
    );
    results.forEach((result, i) => {
      exitedWith(result, 2);
      assert.ok(result.stderr.length > 0, `no message for ${cases[i]!.join(' ')}`);
    });
    assert.match(results[0]!.stderr, /unknown command 'frobnicate'/);
    assert.match(results[4]!.stderr, /Allowed choices are active, suspended, closed/);
  });

  it('exits 2 when BIS_URL is not an http URL', async () => {
    const result = await bis(['clients', 'list'], { BIS_URL: 'localhost:8080', BIS_ADMIN_TOKEN: ADMIN_TOKEN });
    exitedWith(result, 2);
    assert.match(result.stderr, /set BIS_URL \(or --url\) to the service's address/);
  });

  it('exits 3 when nothing answers at the URL, and says how to fix it', async () => {
    const port = await closedPort();
    for (const url of ['http://127.0.0.1:1', `http://127.0.0.1:${port}`]) {
      const result = await bis(['clients', 'list'], { BIS_URL: url, BIS_ADMIN_TOKEN: ADMIN_TOKEN });
      exitedWith(result, 3);
      assert.match(result.stderr, new RegExp(`cannot reach the service at ${url}.*set BIS_URL`));
      assert.equal(result.stdout, '');
    }
  });

  it('exits 4 without an admin token, before sending anything', async () => {
    const result = await bis(['clients', 'list'], { BIS_URL: 'http://127.0.0.1:1' });
    exitedWith(result, 4);
    assert.match(result.stderr, /not signed in: run bis login \(or set BIS_ADMIN_TOKEN/);
  });

  describe('a service that fails', () => {
    let server: Server;
    let url: string;
    before(async () => {
      server = createServer((request, response) => {
        if (request.url?.startsWith('/admin/v1/clients')) {
          response
            .writeHead(503, { 'content-type': 'application/json' })
            .end('{"error":"unavailable","message":"Database unavailable"}');
        } else {
          response.writeHead(200, { 'content-type': 'text/html' }).end('<html>not the service</html>');
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise((resolve) => server.close(resolve)));

    it('exits 3 on a 5xx answer and passes on what the service said', async () => {
      const result = await bis(['clients', 'list'], { BIS_URL: url, BIS_ADMIN_TOKEN: ADMIN_TOKEN });
      exitedWith(result, 3);
      assert.match(result.stderr, /answered 503 \(Database unavailable\): try again shortly/);
    });

    it('exits 3 when the URL answers with something that is not the service', async () => {
      const result = await bis(['members', 'show', '1234567'], { BIS_URL: url, BIS_ADMIN_TOKEN: ADMIN_TOKEN });
      exitedWith(result, 3);
      assert.match(result.stderr, /check that BIS_URL points at bank-integration-service/);
    });
  });
});
