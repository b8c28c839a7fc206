import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { writeSetupCode } from '../src/setup-code-file.js';
import { bankCall, bankWithToken, paymentBody, putMember } from './support/bank.js';
import { databaseKinds } from './support/databases.js';
import { ADMIN_TOKEN, json, startTestApp, type TestApp } from './support/test-app.js';

const BIS = fileURLToPath(new URL('../bin/bis.mjs', import.meta.url));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a program to its end. Asynchronous, because the service it talks to runs in this process. */
function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    const child = execFile(file, args, { env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
    // Nothing to type: a command that asks reads an empty answer instead of waiting forever.
    child.stdin?.end();
  });
}

/** bis with only the settings given: the environment (and a login kept on this machine) must not leak a URL or token into them. */
function bis(
  args: string[],
  settings: { BIS_URL?: string; BIS_ADMIN_TOKEN?: string; BIS_DATA_DIR?: string } = {},
): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BIS_URL: '',
    BIS_ADMIN_TOKEN: '',
    BIS_CONFIG: join(tmpdir(), 'bis-no-login', 'config.json'),
    ...settings,
  };
  return run(process.execPath, [BIS, ...args], env);
}

function succeeded(result: Run, what = 'bis'): void {
  assert.equal(result.code, 0, `${what} exited ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`);
}

function exitedWith(result: Run, code: number): void {
  assert.equal(
    result.code,
    code,
    `expected exit ${code}, got ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`,
  );
}

/** The lines of a table after its header. */
const rowsOf = (stdout: string) => stdout.trimEnd().split('\n').slice(1);

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** A port nothing listens on: taken from the system, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const COMMANDS = [
  'clients create',
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
  'operators add',
  'operators list',
  'operators set-role',
  'operators disable',
  'operators enable',
  'operators invite',
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
      assert.match(result.stdout, new RegExp(`^Usage: bis ${COMMANDS[i]} `));
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

for (const kind of databaseKinds()) {
  describe(`bis against a running service (${kind})`, () => {
    let t: TestApp;
    let url: string;
    let dir: string;
    /** bis as the operator runs it; no output of it may ever show the admin token. */
    const cli = async (...args: string[]) => {
      const result = await bis(args, { BIS_URL: url, BIS_ADMIN_TOKEN: ADMIN_TOKEN });
      assert.ok(
        !result.stdout.includes(ADMIN_TOKEN) && !result.stderr.includes(ADMIN_TOKEN),
        `bis ${args.join(' ')} printed the admin token`,
      );
      return result;
    };
    const cliJson = async (...args: string[]) => {
      const result = await cli('--json', ...args);
      succeeded(result, `bis --json ${args.join(' ')}`);
      return JSON.parse(result.stdout);
    };

    before(async () => {
      t = await startTestApp(kind);
      url = await listen(t);
      dir = await mkdtemp(join(tmpdir(), 'bis-cli-'));
    });
    after(async () => {
      await t.close();
      await rm(dir, { recursive: true, force: true });
    });

    describe('the admin token', () => {
      it('exits 4 when the service refuses the token, and says what to set', async () => {
        const result = await bis(['clients', 'list'], { BIS_URL: url, BIS_ADMIN_TOKEN: 'not-the-admin-token-at-all' });
        exitedWith(result, 4);
        assert.match(
          result.stderr,
          /^bis: the admin API refused the credential: sign in again with bis login, or set BIS_ADMIN_TOKEN to the owner token\n/,
        );
      });

      it('takes --url and --token over the environment', async () => {
        const result = await bis(['--url', url, '--token', ADMIN_TOKEN, 'clients', 'list'], {
          BIS_URL: 'http://127.0.0.1:1',
          BIS_ADMIN_TOKEN: 'wrong-token-wrong-token',
        });
        succeeded(result);
      });
    });

    describe('clients and secrets', () => {
      it('clients create prints the client and the next step; --json prints the API answer', async () => {
        const human = await cli('clients', 'create', 'Equity Bank');
        succeeded(human);
        assert.match(human.stdout, /^clientId\s+\S+\nname\s+Equity Bank\ncreatedAt\s+\d{4}-/);
        assert.match(human.stdout, /Next, issue its credentials: bis secrets issue \S+/);
        const created = await cliJson('clients', 'create', 'KCB Bank');
        assert.deepEqual(Object.keys(created).sort(), ['allowedIps', 'clientId', 'createdAt', 'disabled', 'name']);
        assert.equal(created.name, 'KCB Bank');
      });

      it('clients list shows every client in an aligned table', async () => {
        const { clientId } = await cliJson('clients', 'create', 'Co-operative Bank');
        const result = await cli('clients', 'list');
        succeeded(result);
        const [header, ...rows] = result.stdout.trimEnd().split('\n');
        assert.match(header!, /^clientId\s+name\s+createdAt$/);
        const row = rows.find((line) => line.startsWith(clientId));
        assert.ok(row, result.stdout);
        assert.equal(row.indexOf('Co-operative Bank'), header!.indexOf('name'), 'columns line up');
        const listed = await cliJson('clients', 'list');
        assert.ok(listed.items.some((client: { clientId: string }) => client.clientId === clientId));
      });

      it('secrets issue prints the hand-over link and its expiry; a third active secret is refused with exit 1', async () => {
        const { clientId } = await cliJson('clients', 'create', 'Stanbic');
        const first = await cli('secrets', 'issue', clientId);
        succeeded(first);
        assert.match(
          first.stdout,
          /^secretId\s+\S+\nhandoverUrl\s+http:\/\/bis\.test\/handover\/\S+\nexpiresAt\s+2026-11-24T08:00:00\.000Z\n/,
        );
        const second = await cliJson('secrets', 'issue', clientId);
        assert.match(second.handoverUrl, /^http:\/\/bis\.test\/handover\//);
        assert.equal(second.expiresAt, '2026-11-24T08:00:00.000Z');
        const third = await cli('secrets', 'issue', clientId);
        exitedWith(third, 1);
        assert.match(third.stderr, /\(409 conflict\)/);
        assert.match(third.stderr, new RegExp(`revoke one first: bis clients show ${clientId}`));
      });

      it('clients show lists the secrets; secrets revoke revokes one', async () => {
        const { clientId } = await cliJson('clients', 'create', 'NCBA');
        const { secretId } = await cliJson('secrets', 'issue', clientId);
        const shown = await cli('clients', 'show', clientId);
        succeeded(shown);
        assert.match(shown.stdout, new RegExp(`^clientId\\s+${clientId}\\nname\\s+NCBA\\n`));
        assert.match(
          shown.stdout,
          /\nSecrets\nsecretId\s+state\s+createdAt\s+handoverExpiresAt\s+revealedAt\s+revokedAt\n/,
        );
        assert.match(shown.stdout, new RegExp(`${secretId}\\s+awaiting_handover\\s+\\S+\\s+\\S+\\s+-\\s+-`));

        const revoked = await cli('secrets', 'revoke', clientId, secretId);
        succeeded(revoked);
        assert.equal(revoked.stdout, `Revoked secret ${secretId} of client ${clientId}.\n`);
        const again = await cli('--json', 'secrets', 'revoke', clientId, secretId);
        succeeded(again);
        assert.equal(again.stdout, '', '204 has no JSON to print');
        const client = await cliJson('clients', 'show', clientId);
        assert.equal(client.secrets[0].state, 'revoked');
        assert.equal(client.secrets[0].revokedAt, '2026-11-21T08:00:00.000Z');
      });

      it('exits 1 when the service refuses, with its message and what to do', async () => {
        const unknown = await cli('clients', 'show', 'no-such-client');
        exitedWith(unknown, 1);
        assert.equal(unknown.stdout, '');
        assert.match(
          unknown.stderr,
          /^bis: the service refused: No client with ID no-such-client \(404 not_found\)\n {2}list the clients and their IDs with: bis clients list\n$/,
        );
        const revoke = await cli('secrets', 'revoke', 'no-such-client', 'no-such-secret');
        exitedWith(revoke, 1);
        const blank = await cli('clients', 'create', ' ');
        exitedWith(blank, 1);
        assert.match(blank.stderr, /400/);
      });
    });

    describe('members', () => {
      it('members add creates an active member by default, then updates it', async () => {
        const added = await cli('members', 'add', '2100001', 'Jane Achieng');
        succeeded(added);
        assert.match(
          added.stdout,
          /^Added member 2100001\.\ncustomerRef\s+2100001\nfullName\s+Jane Achieng\nstatus\s+active\n/,
        );
        const updated = await cli('members', 'add', '2100001', 'Jane A. Achieng', '--status', 'suspended');
        succeeded(updated);
        assert.match(updated.stdout, /^Updated member 2100001\.\n/);
        assert.match(updated.stdout, /\nfullName\s+Jane A\. Achieng\nstatus\s+suspended\n/);
        const asJson = await cliJson('members', 'add', '2100002', 'Peter Kamau', '--status', 'closed');
        assert.equal(asJson.status, 'closed');
      });

      it('members show prints the member; an unknown or malformed one exits 1 with a hint', async () => {
        await cliJson('members', 'add', '2100003', 'Mary Wambui');
        const shown = await cli('members', 'show', '2100003');
        succeeded(shown);
        assert.match(
          shown.stdout,
          /^customerRef\s+2100003\nfullName\s+Mary Wambui\nstatus\s+active\nactiveSince\s+2026-11-21T08:00:00\.000Z\ncreatedAt\s+\S+\nupdatedAt\s+\S+\n$/,
        );
        assert.equal((await cliJson('members', 'show', '2100003')).fullName, 'Mary Wambui');
        const unknown = await cli('members', 'show', '2199999');
        exitedWith(unknown, 1);
        assert.match(
          unknown.stderr,
          /No member 2199999 \(404 not_found\)\n {2}add the member with: bis members add 2199999 "FULL NAME"/,
        );
        const malformed = await cli('members', 'add', '12ab', 'Someone');
        exitedWith(malformed, 1);
        assert.match(
          malformed.stderr,
          /customerRef: must be seven digits \(400 invalid_input\)\n {2}a member number is seven digits/,
        );
      });

      it('members set-status keeps the name and changes only the status', async () => {
        await cliJson('members', 'add', '2100004', 'Grace Njeri');
        const suspended = await cli('members', 'set-status', '2100004', 'suspended');
        succeeded(suspended);
        assert.match(suspended.stdout, /^Member 2100004 is suspended \(was active\)\.\n/);
        const same = await cli('members', 'set-status', '2100004', 'suspended');
        assert.match(same.stdout, /^Member 2100004 is suspended \(unchanged\)\.\n/);
        const reinstated = await cliJson('members', 'set-status', '2100004', 'active');
        assert.equal(reinstated.fullName, 'Grace Njeri');
        assert.equal(reinstated.status, 'active');
        const unknown = await cli('members', 'set-status', '2199998', 'closed');
        exitedWith(unknown, 1);
        assert.match(unknown.stderr, /add the member first/);
      });
    });

    describe('members import', () => {
      const file = (name: string) => join(dir, name);

      it('imports a CSV file (quoted fields, CRLF, BOM) and reports what it created', async () => {
        await writeFile(
          file('register.csv'),
          '\uFEFFcustomerRef,fullName,status\r\n3000001,"Achieng, Mary",active\r\n3000002,"Brian ""BK"" Kiptoo",suspended\r\n',
        );
        const result = await cli('members', 'import', file('register.csv'));
        succeeded(result);
        assert.equal(result.stdout, `Imported ${file('register.csv')}: 2 created, 0 updated, 0 unchanged.\n`);
        assert.equal(result.stderr, '', 'no progress bar when stderr is not a terminal');
        assert.equal((await cliJson('members', 'show', '3000001')).fullName, 'Achieng, Mary');
        assert.equal((await cliJson('members', 'show', '3000002')).fullName, 'Brian "BK" Kiptoo');
      });

      it('--dry-run reports the same counts and writes nothing; a JSON file imports too', async () => {
        const rows = [
          { customerRef: '3000001', fullName: 'Achieng, Mary', status: 'active' },
          { customerRef: '3000002', fullName: 'Brian Kiptoo', status: 'active' },
          { customerRef: '3000003', fullName: 'Wanjiku Kamau', status: 'active' },
        ];
        await writeFile(file('register.json'), JSON.stringify(rows));
        const dry = await cli('members', 'import', file('register.json'), '--dry-run');
        succeeded(dry);
        assert.equal(
          dry.stdout,
          `Dry run of ${file('register.json')}, nothing was changed: 1 created, 1 updated, 1 unchanged.\n`,
        );
        exitedWith(await cli('members', 'show', '3000003'), 1);
        const applied = await cliJson('members', 'import', file('register.json'));
        assert.deepEqual(applied, { created: 1, updated: 1, unchanged: 1, dryRun: false });
        assert.equal((await cliJson('members', 'show', '3000003')).fullName, 'Wanjiku Kamau');
      });

      it('streams a larger file whole', async () => {
        const lines = ['customerRef,fullName,status'];
        for (let i = 0; i < 20_000; i += 1) lines.push(`${4_000_000 + i},Member ${i},active`);
        await writeFile(file('large.csv'), `${lines.join('\n')}\n`);
        const result = await cliJson('members', 'import', file('large.csv'));
        assert.deepEqual(result, { created: 20_000, updated: 0, unchanged: 0, dryRun: false });
        assert.equal((await cliJson('members', 'show', '4019999')).fullName, 'Member 19999');
      });

      it('a file with bad rows changes nothing: every bad row is printed by line, and bis exits 1', async () => {
        await writeFile(
          file('bad.csv'),
          [
            'customerRef,fullName,status',
            '3100001,Good Row,active',
            '31x0002,Bad Reference,active',
            '3100003,Another Good Row,active',
            '3100004,Bad Status,asleep',
            '3100005,,active',
            '',
          ].join('\n'),
        );
        const result = await cli('members', 'import', file('bad.csv'));
        exitedWith(result, 1);
        assert.equal(result.stdout, '');
        assert.match(
          result.stderr,
          new RegExp(
            `^bis: the service refused ${file('bad.csv').replace(/[.\\/]/g, '\\$&')}, so nothing was changed: `,
          ),
        );
        const reported = result.stderr.split('\n').filter((line) => /^ {2}line \d+: /.test(line));
        assert.deepEqual(
          reported.map((line) => line.match(/line (\d+)/)![1]),
          ['3', '5', '6'],
        );
        assert.match(reported[0]!, /^ {2}line 3: bad customerRef/);
        exitedWith(await cli('members', 'show', '3100001'), 1);

        const asJson = await cli('--json', 'members', 'import', file('bad.csv'));
        exitedWith(asJson, 1);
        const body = JSON.parse(asJson.stdout);
        assert.equal(body.error, 'invalid_import');
        assert.deepEqual(
          body.errors.map((error: { line: number }) => error.line),
          [3, 5, 6],
        );
      });

      it('exits 2 for a file it cannot read or whose kind it cannot tell', async () => {
        const missing = await cli('members', 'import', file('nope.csv'));
        exitedWith(missing, 2);
        assert.match(missing.stderr, /cannot read .*nope\.csv \(ENOENT\): check the path/);
        await writeFile(file('register.txt'), 'customerRef,fullName,status\n');
        const unknownKind = await cli('members', 'import', file('register.txt'));
        exitedWith(unknownKind, 2);
        assert.match(unknownKind.stderr, /must end in \.csv or \.json/);
      });
    });

    describe('payments', () => {
      let accepted: string[];
      before(async () => {
        const bank = await bankWithToken(t.app, 'Payments Bank');
        await putMember(t.app, '5100001', 'Otieno, "Junior" Odhiambo');
        assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '5100001' })).statusCode, 200);
        accepted = [];
        for (const amount of ['1500.50', '20.00']) {
          const paid = await bankCall(t.app, bank.token, 'payments', paymentBody('5100001', { amount }));
          assert.equal(paid.statusCode, 200, paid.body);
          accepted.push(json(paid).erpRefId);
        }
        const held = await bankCall(
          t.app,
          bank.token,
          'payments',
          paymentBody('5199999', { transactionReference: 'HELD-1' }),
        );
        assert.equal(held.statusCode, 404);
      });

      it('payments list shows a table with the documented columns, newest first', async () => {
        const result = await cli('payments', 'list', '--member', '5100001');
        succeeded(result);
        const [header, ...rows] = result.stdout.trimEnd().split('\n');
        assert.deepEqual(header!.trim().split(/\s+/), [
          'ID',
          'Received',
          'Status',
          'Receipt',
          'Bank',
          'Member',
          'Type',
          'Amount',
        ]);
        assert.equal(rows.length, 2);
        assert.match(
          rows[0]!,
          new RegExp(
            `^\\s*\\d+  2026-11-21 08:00  accepted  ${accepted[1]}  Payments Bank  5100001  MPESA\\s+20\\.00$`,
          ),
        );
        assert.match(rows[1]!, new RegExp(`${accepted[0]}.*1,500\\.50$`));
        assert.equal(header!.length, rows[0]!.length, 'amounts align on the right');
        for (const line of [header, ...rows]) assert.ok(line!.length <= 100, `wider than 100 columns: ${line}`);
      });

      it('filters by status, member and dates; --json gives items and nextCursor', async () => {
        const held = await cliJson('payments', 'list', '--status', 'held');
        assert.deepEqual(
          held.items.map((p: { transactionReference: string }) => p.transactionReference),
          ['HELD-1'],
        );
        assert.equal(held.items[0].heldReason, 'customer_not_payable');
        assert.equal(held.nextCursor, null);
        const heldTable = await cli('payments', 'list', '--status', 'held');
        assert.match(rowsOf(heldTable.stdout)[0]!, /held\s+-\s+Payments Bank\s+5199999\s+MPESA\s+1,500\.50$/);
        const heldDesk = await cli('payments', 'held');
        succeeded(heldDesk);
        assert.match(heldDesk.stdout, /Payments Bank\s+5199999\s+member unknown or not active\s+1,500\.50/);

        const limited = await cliJson('payments', 'list', '--member', '5100001', '--limit', '1');
        assert.equal(limited.items.length, 1);
        assert.equal(typeof limited.nextCursor, 'string');
        const limitedTable = await cli('payments', 'list', '--member', '5100001', '--limit', '1');
        assert.match(limitedTable.stdout, /\(more than 1; raise --limit/);

        const none = await cli('payments', 'list', '--from', '2027-01-01');
        succeeded(none);
        assert.match(none.stdout, /\n\(none\)\n$/);
        const window = await cliJson(
          'payments',
          'list',
          '--from',
          '2026-11-21T08:00:00Z',
          '--to',
          '2026-11-21T08:00:01Z',
          '--member',
          '5100001',
        );
        assert.equal(window.items.length, 2);
      });

      it('follows nextCursor past one page until --limit rows have come', async () => {
        const bank = await bankWithToken(t.app, 'Busy Bank');
        for (let i = 0; i < 505; i += 1) {
          const held = await bankCall(
            t.app,
            bank.token,
            'payments',
            paymentBody('5299999', { transactionReference: `MANY-${i}` }),
          );
          assert.equal(held.statusCode, 404);
        }
        const all = await cliJson('payments', 'list', '--member', '5299999', '--limit', '1000');
        assert.equal(all.items.length, 505);
        assert.equal(new Set(all.items.map((p: { transactionReference: string }) => p.transactionReference)).size, 505);
        assert.equal(all.nextCursor, null);
        const some = await cli('payments', 'list', '--member', '5299999', '--limit', '501');
        assert.equal(rowsOf(some.stdout).filter((line) => line.includes('5299999')).length, 501);
        assert.match(some.stdout, /\(more than 501; raise --limit/);
      });

      it('payments export streams CSV and prints the Next-Cursor; --since gives only newer payments, once', async () => {
        const first = await cli('payments', 'export');
        succeeded(first);
        const lines = first.stdout.split('\r\n');
        assert.equal(
          lines[0],
          'erpRefId,transactionReference,paymentType,customerRef,memberName,amount,currency,transactionDate,receivedAt,clientId,paymentId,payerName,narration,source',
        );
        for (const erpRefId of accepted)
          assert.ok(
            lines.some((line) => line.startsWith(`${erpRefId},`)),
            first.stdout,
          );
        assert.ok(lines.some((line) => line.includes(',"Otieno, ""Junior"" Odhiambo",1500.50,KES,')));
        const cursor = first.stderr.match(/^next cursor: (\S+)\n$/)?.[1];
        assert.ok(cursor, first.stderr);

        const nothingNew = await cli('payments', 'export', '--since', cursor);
        succeeded(nothingNew);
        assert.equal(nothingNew.stdout.split('\r\n').filter(Boolean).length, 1, 'the header only');

        const bank = await bankWithToken(t.app, 'Export Bank');
        assert.equal((await bankCall(t.app, bank.token, 'validate', { customerRef: '5100001' })).statusCode, 200);
        const paid = await bankCall(t.app, bank.token, 'payments', paymentBody('5100001', { amount: '99.99' }));
        const erpRefId = json(paid).erpRefId as string;

        const out = join(dir, 'erp.ndjson');
        const second = await cli('payments', 'export', '--since', cursor, '--format', 'json', '--out', out);
        succeeded(second);
        assert.equal(second.stdout, '');
        const records = (await readFile(out, 'utf8'))
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line));
        assert.deepEqual(
          records.map((record) => [record.erpRefId, record.amount]),
          [[erpRefId, '99.99']],
        );
        assert.ok(!existsSync(`${out}.partial`));
        const next = second.stderr.match(/^next cursor: (\S+)\n$/)?.[1];
        assert.ok(next && next !== cursor, second.stderr);

        const withJson = await cli('--json', 'payments', 'export', '--since', next);
        succeeded(withJson);
        assert.equal(
          withJson.stdout,
          'erpRefId,transactionReference,paymentType,customerRef,memberName,amount,currency,transactionDate,receivedAt,clientId,paymentId,payerName,narration,source\r\n',
        );
        assert.match(withJson.stderr, /^next cursor: \S+\n$/);
      });

      it('payments export refuses a cursor it did not give out, with exit 1 and no cursor', async () => {
        const out = join(dir, 'refused.csv');
        const result = await cli('payments', 'export', '--since', 'not-a-cursor', '--out', out);
        exitedWith(result, 1);
        assert.match(result.stderr, /since: is not a cursor this service gave out \(400 invalid_input\)/);
        assert.doesNotMatch(result.stderr, /next cursor/);
        assert.ok(!existsSync(out) && !existsSync(`${out}.partial`));
      });
    });

    describe('audit', () => {
      it('bis audit shows admin actions with time, action, target, request id and source address', async () => {
        const { clientId } = await cliJson('clients', 'create', 'Audited Bank');
        const trail = await cliJson('audit', '--limit', '10000');
        const created = trail.items.find(
          (event: { action: string; target: string }) => event.action === 'client.created' && event.target === clientId,
        );
        assert.ok(created, JSON.stringify(trail.items.slice(-3)));
        assert.equal(created.at, '2026-11-21T08:00:00.000Z');
        assert.match(created.requestId, /^[0-9a-f-]{36}$/);
        assert.equal(created.sourceIp, '127.0.0.1');

        const table = await cli('audit', '--limit', '10000');
        succeeded(table);
        assert.match(table.stdout, /^\s*ID\s+When\s+Who\s+Action\s+Target\s+From\n/);
        assert.ok(
          rowsOf(table.stdout).some((line) =>
            /2026-11-21 08:00\s+owner token\s+client\.created\s+\S+\s+127\.0\.0\.1$/.test(line),
          ),
          table.stdout,
        );
        assert.match(table.stderr, /^Times are in UTC/);
        for (const line of table.stdout.split('\n')) assert.ok(line.length <= 100, `wider than 100 columns: ${line}`);
      });

      it('--limit, --from and --to narrow it', async () => {
        const one = await cliJson('audit', '--limit', '1');
        assert.equal(one.items.length, 1);
        assert.equal(typeof one.nextCursor, 'string');
        const none = await cli('audit', '--from', '2027-01-01');
        succeeded(none);
        assert.match(none.stdout, /\n\(none\)\n$/);
        const earlier = await cliJson('audit', '--to', '2026-01-01');
        assert.deepEqual(earlier.items, []);
      });
    });

    describe('init', () => {
      it('says an admin exists already when the service has one', async () => {
        const result = await bis(['init', '--code', 'ABCD-EFGH-JKLM', '--email', 'a@sacco.example', '--name', 'A'], {
          BIS_URL: url,
        });
        exitedWith(result, 1);
        assert.match(result.stderr, /the setup code is wrong or expired|an admin exists already/);
      });

      it('makes the first admin with the code in the data directory, once, and gives an invite link', async () => {
        const fresh = await startTestApp(kind, { config: { adminToken: undefined } });
        try {
          const freshUrl = await listen(fresh);
          const refused = await bis(['clients', 'list'], {
            BIS_URL: freshUrl,
            BIS_ADMIN_TOKEN: 'a-token-nobody-made-yet',
          });
          exitedWith(refused, 4);

          const who = ['--email', 'chief@sacco.example', '--name', 'Chief Officer'];
          const wrongCode = await bis(['init', '--code', 'ABCD-EFGH-JKLM', ...who], { BIS_URL: freshUrl });
          exitedWith(wrongCode, 1);
          assert.match(wrongCode.stderr, /setup code is wrong or expired/);
          const dataDir = mkdtempSync(join(tmpdir(), 'bis-init-'));
          const noCode = await bis(['init', ...who], { BIS_URL: freshUrl, BIS_DATA_DIR: dataDir });
          exitedWith(noCode, 2);
          assert.match(noCode.stderr, /no setup code/);

          // As the service does at start: a new code, left in its data directory for bis init on the same machine.
          const code = await fresh.app.services.setupCodes.make();
          writeSetupCode(dataDir, code);
          // No password typed (standard input is empty): an invite link instead.
          const init = await bis(['init', ...who], { BIS_URL: freshUrl, BIS_DATA_DIR: dataDir });
          succeeded(init);
          assert.match(init.stdout, /Admin chief@sacco\.example is ready\. Open this link/);
          assert.match(init.stdout, /^ {2}http:\/\/\S+\/invite\/\S+$/m);
          assert.ok(!existsSync(join(dataDir, 'setup-code')), 'the used code is removed');
          rmSync(dataDir, { recursive: true, force: true });

          const again = await bis(['init', '--code', code, ...who], { BIS_URL: freshUrl });
          exitedWith(again, 1);
          assert.doesNotMatch(again.stdout + again.stderr, new RegExp(code), 'a used code is never echoed');
        } finally {
          await fresh.close();
        }
      });
    });

    describe('demo', () => {
      it('seeds a demo bank and members and prints a walk-through that works when pasted', async () => {
        const demo = await cli('demo');
        succeeded(demo);
        assert.match(demo.stdout, /^Demo Bank is ready on http:\/\/127\.0\.0\.1:\d+:\n/);
        assert.match(demo.stdout, /members\s+1234567 Jane Wanjiru \(active\), 7654321 Peter Otieno \(suspended\)/);
        const script = demo.stdout.slice(demo.stdout.indexOf('\nBIS_URL=') + 1);
        assert.match(script, new RegExp(`^BIS_URL=${url.replace(/[.]/g, '\\.')}\\n`));
        assert.match(
          script,
          /curl -s -u "\$CLIENT_ID:\$CLIENT_SECRET" -d grant_type=client_credentials "\$BIS_URL\/oauth\/v1\/token"/,
        );

        const pasted = await run('bash', ['-c', script], { ...process.env, NO_PROXY: '*', no_proxy: '*' });
        succeeded(pasted, 'the walk-through');
        const answers = pasted.stdout.trimEnd().split('\n');
        assert.equal(answers.length, 4, pasted.stdout);
        assert.equal(
          answers[0],
          '{"resultCode":0,"message":"Customer found","customerName":"Jane Wanjiru","customerRef":"1234567"}  (HTTP 200)',
        );
        const receipt = answers[1]!.match(
          /^\{"resultCode":0,"message":"Payment accepted","erpRefId":"([A-Z0-9]{8})","transactionReference":"DEMO-0001"\} {2}\(HTTP 200\)$/,
        )?.[1];
        assert.ok(receipt, answers[1]);
        assert.equal(answers[2], answers[1], 'the re-send gets the same receipt');
        assert.equal(
          answers[3],
          '{"resultCode":1,"message":"Customer not found","customerName":"","customerRef":""}  (HTTP 404)',
        );
      });

      it('runs again on the same service, and --json gives the credentials for scripts', async () => {
        const demo = await cliJson('demo');
        assert.equal(demo.baseUrl, url);
        assert.match(demo.client_id, /\S/);
        assert.match(demo.client_secret, /^[A-Za-z0-9._~-]{20,}$/);
        assert.deepEqual(
          demo.members.map((m: { customerRef: string; status: string }) => [m.customerRef, m.status]),
          [
            ['1234567', 'active'],
            ['7654321', 'suspended'],
          ],
        );
      });

      it('refuses to overwrite a real member with the demo ones unless --force', async () => {
        await cliJson('members', 'add', '7654321', 'Someone Real');
        const refused = await cli('demo');
        exitedWith(refused, 1);
        assert.match(refused.stderr, /member 7654321 already exists as "Someone Real" \(active\).*pass --force/);
        succeeded(await cli('demo', '--force'));
        assert.equal((await cliJson('members', 'show', '7654321')).fullName, 'Peter Otieno');
      });
    });
  });
}
