import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { totpCode } from '../support/operators.js';
import { json, startTestApp, type TestApp } from '../support/test-app.js';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** bis as a user runs it: its answers to the prompts come on standard input, one per line. */
function bis(args: string[], env: Record<string, string>, input = ''): Promise<Run> {
  const child = spawn(process.execPath, ['bin/bis.mjs', ...args], {
    env: { ...process.env, BIS_ADMIN_TOKEN: '', BIS_URL: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  child.stdin.end(input);
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

describe('bis login, whoami, logout and init', () => {
  let t: TestApp;
  let url: string;
  let home: string;
  before(async () => {
    t = await startTestApp('pglite', { config: { adminToken: undefined } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    home = mkdtempSync(join(tmpdir(), 'bis-home-'));
  });
  after(async () => {
    await t.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('makes the first admin with bis init, signed in at once, its token kept readable by the user only', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bis-init-'));
    writeFileSync(join(dataDir, 'setup-code'), `${await t.app.services.setupCodes.make()}\n`);
    const config = join(home, 'init.json');
    const made = await bis(
      ['init'],
      { BIS_URL: url, BIS_DATA_DIR: dataDir, BIS_CONFIG: config },
      'chief@sacco.example\nAdmin One\nthe first admin passphrase\n',
    );
    assert.equal(made.status, 0, made.stderr);
    assert.match(made.stdout, /Admin chief@sacco\.example is ready, and signed in/);
    assert.equal(statSync(config).mode & 0o777, 0o600);
    const who = await bis(['whoami'], { BIS_CONFIG: config });
    assert.equal(who.status, 0, who.stderr);
    assert.match(who.stdout, /role\s+admin/);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs in with the code when two-factor is on, keeps a token, and logout revokes it', async () => {
    const operator = await addOperatorWithOwner();
    const config = join(home, 'login.json');
    const first = await bis(
      ['login', '--url', url],
      { BIS_CONFIG: config },
      `${operator.email}\n${operator.password}\n`,
    );
    assert.equal(first.status, 0, first.stderr);
    assert.match(first.stdout, new RegExp(`Signed in to ${url} as ${operator.email} \\(finance\\)`));
    const audit = await bis(['audit', '--operator', operator.email, '--json'], { BIS_CONFIG: config });
    assert.equal(audit.status, 0, audit.stderr);
    const actions = JSON.parse(audit.stdout).items.map((r: { action: string }) => r.action);
    assert.ok(actions.includes('operator.token_created'), actions.join());
    const out = await bis(['logout'], { BIS_CONFIG: config });
    assert.equal(out.status, 0, out.stderr);
    const after = await bis(['whoami'], { BIS_CONFIG: config, BIS_URL: url });
    assert.equal(after.status, 4, 'not signed in any more');

    // Two-factor on: the code is asked for.
    const session = await t.app.inject({
      method: 'POST',
      url: '/admin/v1/session',
      payload: { email: operator.email, password: operator.password },
    });
    const page = {
      cookie: String(session.headers['set-cookie']).split(';')[0] ?? '',
      'x-csrf-token': json(session).csrfToken,
    };
    const key = json(await t.app.inject({ method: 'POST', url: '/admin/v1/operators/me/2fa', headers: page })).key;
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/admin/v1/operators/me/2fa/confirm',
      headers: page,
      payload: { code: totpCode(key, t.clock.now()), password: operator.password },
    });
    t.clock.advance(30_000);
    const code = totpCode(key, t.clock.now());
    const withCode = await bis(
      ['login', '--url', url],
      { BIS_CONFIG: config },
      // The clock stands still here, so the second proof, for the token, is a recovery code.
      `${operator.email}\n${operator.password}\n${code}\n${json(confirmed).recoveryCodes[0]}\n`,
    );
    assert.equal(withCode.status, 0, withCode.stderr);
    assert.match(withCode.stderr, /Code from your authenticator app/);
    assert.match(withCode.stderr, /The next code from your app/);
  });

  async function addOperatorWithOwner() {
    // The service had no owner token: the admin made by bis init adds the operator.
    const admin = await t.app.inject({
      method: 'POST',
      url: '/admin/v1/session',
      payload: { email: 'chief@sacco.example', password: 'the first admin passphrase' },
    });
    const page = {
      cookie: String(admin.headers['set-cookie']).split(';')[0] ?? '',
      'x-csrf-token': json(admin).csrfToken,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/admin/v1/operators',
      headers: page,
      payload: { email: 'kamau@sacco.example', name: 'Finance', role: 'finance' },
    });
    const password = 'a finance officer passphrase';
    await t.app.inject({
      method: 'POST',
      url: new URL(json(created).inviteUrl).pathname,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      payload: { password },
    });
    return { email: 'kamau@sacco.example', password };
  }
});
