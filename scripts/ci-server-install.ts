// The server install of docs/OPERATIONS.md as CI proves it, from a clean clone of this commit, as
// root on a machine without systemd running: deploy/install.sh as written; the service started as
// the installed bis.service starts it (its user bis, its state directory, /etc/bis.env, its umask);
// a bank onboarded with docs/CLI.md's own block; a payment through the bank's calls; a backup as the
// nightly bis-backup.service takes it; a restore into a new data directory; and there, the payment.
// It changes the machine (a user, /etc, /usr/local/bin, /var/lib), so it runs only where nothing of
// an install is there yet, and takes everything away again at the end.
import { type ChildProcess, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDocument } from '../test/support/doc-blocks.js';
import { environmentFile, readUnit, setting, startAsUnit, untilAnswering } from './systemd-unit.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const UNITS = '/etc/systemd/system';
const INSTALLED = [
  `${UNITS}/bis.service`,
  `${UNITS}/bis-backup.service`,
  `${UNITS}/bis-backup.timer`,
  '/etc/bis.env',
  '/usr/local/bin/bis',
  '/var/lib/bis',
  '/var/lib/bis-backups',
  '/var/lib/bis-restored',
];

const say = (line: string) => console.log(`server install: ${line}`);
function fail(line: string): never {
  throw new Error(`server install: ${line}`);
}
const run = (
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {},
) => execFileSync(command, args, { encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'], ...options });

if (process.getuid?.() !== 0) {
  say('skipped: it installs as root');
  process.exit(0);
}
const present = INSTALLED.find((path) => existsSync(path));
if (present) {
  say(`skipped: ${present} exists, and this is no machine to install on again`);
  process.exit(0);
}
const userExisted = spawnOk('id', ['bis']);
const work = mkdtempSync(join(tmpdir(), 'bis-server-'));
chmodSync(work, 0o755); // as /opt is: the service's user reads the clone
const app = join(work, 'bank-integration-service');
const services: ChildProcess[] = [];

function spawnOk(command: string, args: string[]): boolean {
  try {
    run(command, args);
    return true;
  } catch {
    return false;
  }
}

/** The text of a document's first shell block that holds `words`. */
function documentBlock(app: string, file: string, words: string): string {
  const block = readDocument(file, readFileSync(join(app, file), 'utf8')).shellBlocks.find((one) =>
    one.text.includes(words),
  );
  return block?.text ?? fail(`${file} has no shell block with ${words}`);
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** The service as the installed unit starts it, with its output kept; resolves once it answers. */
async function startService(overrides: Record<string, string> = {}): Promise<{ url: string; output: () => string }> {
  const child = startAsUnit(readUnit(`${UNITS}/bis.service`), { overrides });
  services.push(child);
  return untilAnswering(child);
}

async function main() {
  run('git', ['clone', '--quiet', '--no-local', REPO, app]);
  run('git', ['checkout', '--quiet', run('git', ['rev-parse', 'HEAD'], { cwd: REPO }).trim()], { cwd: app });

  // As docs/OPERATIONS.md says: the script, then the settings in /etc/bis.env.
  run(join(app, 'deploy/install.sh'), ['--no-start']);
  if (statSync('/etc/bis.env').mode & 0o077) fail('/etc/bis.env is readable by others');
  if (!run('readlink', ['/usr/local/bin/bis']).includes(app)) fail('/usr/local/bin/bis is not the clone');
  const unit = readUnit(`${UNITS}/bis.service`);
  if (setting(unit, 'Service', 'WorkingDirectory') !== app) fail('the installed unit does not run the clone');
  if (spawnOk('systemd-analyze', ['--version'])) {
    run('systemd-analyze', [
      'verify',
      '--man=no',
      ...['bis.service', 'bis-backup.service', 'bis-backup.timer'].map((u) => `${UNITS}/${u}`),
    ]);
  }
  const port = await freePort();
  const token = execFileSync('node', ['-e', 'console.log(require("crypto").randomBytes(32).toString("hex"))'], {
    encoding: 'utf8',
  }).trim();
  const settings = readFileSync('/etc/bis.env', 'utf8')
    .replace(/^BIS_PUBLIC_URL=.*$/m, `BIS_PUBLIC_URL=http://127.0.0.1:${port}`)
    .replace(/^BIS_URL=.*$/m, `BIS_URL=http://127.0.0.1:${port}`)
    .replace(/^#BIS_ADMIN_TOKEN=.*$/m, `BIS_ADMIN_TOKEN=${token}`)
    .replace(/^#PORT=.*$/m, `PORT=${port}`);
  writeFileSync('/etc/bis.env', settings);

  const started = Date.now();
  const service = await startService();
  say(
    `the service started as bis.service starts it, as ${run('stat', ['-c', '%U', '/var/lib/bis/PG_VERSION']).trim()}, in ${Date.now() - started} ms`,
  );
  if ((statSync('/var/lib/bis').mode & 0o777) !== 0o700) fail('/var/lib/bis is not 0700');
  const env = { PATH: process.env.PATH, HOME: work, ...environmentFile(settings) };

  // A bank onboarded with docs/CLI.md's own block, in the installed clone, as root would.
  const onboarding = documentBlock(app, 'docs/CLI.md', 'bis clients create');
  const link = /https?:\/\/\S+\/handover\/\S+/.exec(
    run('bash', ['-euo', 'pipefail', '-c', onboarding], { cwd: app, env }),
  )?.[0];
  if (!link) fail('the onboarding block printed no hand-over link');

  // The bank: its credentials from the link, a token, a member validated, a payment.
  const admin = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const revealed = await (await fetch(link, { method: 'POST', headers: { accept: 'application/json' } })).json();
  const member = await fetch(`${service.url}/admin/v1/members/1234567`, {
    method: 'PUT',
    headers: admin,
    body: JSON.stringify({ fullName: 'Jane Wanjiru', status: 'active' }),
  });
  if (!member.ok) fail(`adding a member: ${member.status} ${await member.text()}`);
  const basic = Buffer.from(`${revealed.client_id}:${revealed.client_secret}`).toString('base64');
  const tokenAnswer = await fetch(`${service.url}/oauth/v1/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const bearer = {
    authorization: `Bearer ${(await tokenAnswer.json()).access_token}`,
    'content-type': 'application/json',
  };
  const validated = await fetch(`${service.url}/bank/v1/validate`, {
    method: 'POST',
    headers: bearer,
    body: JSON.stringify({ customerRef: '1234567' }),
  });
  if ((await validated.json()).resultCode !== 0) fail('the member was not validated');
  const paid = await (
    await fetch(`${service.url}/bank/v1/payments`, {
      method: 'POST',
      headers: bearer,
      body: JSON.stringify({
        transactionReference: 'FT26330SERVER',
        paymentType: 'MPESA',
        customerRef: '1234567',
        amount: '2500.50',
      }),
    })
  ).json();
  if (paid.resultCode !== 0) fail(`the payment was not accepted: ${JSON.stringify(paid)}`);

  // The backup as bis-backup.service takes it: as bis, in its state directory, with /etc/bis.env.
  const backupUnit = readUnit(`${UNITS}/bis-backup.service`);
  const backup = startAsUnit(backupUnit);
  let backupOutput = '';
  backup.stdout?.on('data', (chunk) => (backupOutput += chunk));
  backup.stderr?.on('data', (chunk) => (backupOutput += chunk));
  const [backupCode] = await once(backup, 'exit');
  if (backupCode !== 0) fail(`the backup failed (${backupCode}):\n${backupOutput}`);
  const file = run('find', ['/var/lib/bis-backups', '-name', 'bis-backup-*.tgz']).trim();
  if (!file) fail(`no backup file:\n${backupOutput}`);
  if ((statSync(file).mode & 0o777) !== 0o600) fail(`${file} is not 0600`);
  say(`bis-backup.service wrote ${file} (${statSync(file).size} bytes, 0600)`);

  // Restored with docs/OPERATIONS.md's own block, for this backup's file (sudo, where the machine has
  // none, as runuser: both run a command as bis for root); the service started on it.
  const restoring = documentBlock(app, 'docs/OPERATIONS.md', 'bis restore')
    .replace(/\/var\/lib\/bis-backups\/bis-backup-\S+\.tgz/, file)
    .replaceAll('sudo -u bis ', spawnOk('sudo', ['--version']) ? 'sudo -u bis ' : 'runuser -u bis -- ');
  run('bash', ['-euo', 'pipefail', '-c', restoring], { env, cwd: '/' });
  const restoredPort = await freePort();
  const restored = await startService({ BIS_DATA_DIR: '/var/lib/bis-restored', PORT: String(restoredPort) });
  const found = await (
    await fetch(`${restored.url}/admin/v1/payments?transactionReference=FT26330SERVER`, { headers: admin })
  ).json();
  if (found.items?.[0]?.erpRefId !== paid.erpRefId)
    fail(`the restored service has not the payment: ${JSON.stringify(found)}`);
  say(`restored into /var/lib/bis-restored, where payment ${paid.erpRefId} is, as acknowledged`);
}

try {
  await main();
} finally {
  for (const child of services) {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }
  for (const path of INSTALLED) rmSync(path, { recursive: true, force: true });
  if (!userExisted) spawnOk('userdel', ['bis']);
  rmSync(work, { recursive: true, force: true });
}
