import assert from 'node:assert/strict';
import { type ChildProcess, execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  environmentFile,
  environmentOf,
  parseUnit,
  readUnit,
  setting,
  startAsUnit,
  untilAnswering,
} from '../../scripts/systemd-unit.js';
import { loadConfig } from '../../src/config.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const UNITS = join(ROOT, 'deploy/systemd');
const EXAMPLE = readFileSync(join(ROOT, 'deploy/bis.env.example'), 'utf8');
const analyze = spawnSync('systemd-analyze', ['--version']).status === 0;

describe('the shipped systemd units', () => {
  it('pass systemd-analyze verify', { skip: !analyze && 'systemd-analyze is not installed (Debian: systemd)' }, () => {
    const result = spawnSync(
      'systemd-analyze',
      [
        'verify',
        '--man=no',
        ...['bis.service', 'bis-backup.service', 'bis-backup.timer'].map((unit) => join(UNITS, unit)),
      ],
      { encoding: 'utf8' },
    );
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stderr.trim(), '', 'no warning either');
  });

  it('run the service as its own user, with its state directory, its settings file and the hardening systemd offers', () => {
    const unit = readUnit(join(UNITS, 'bis.service'));
    assert.ok(unit.has('Unit') && unit.has('Install'), '[Unit] and [Install]: systemctl enable works');
    assert.equal(setting(unit, 'Install', 'WantedBy'), 'multi-user.target', 'back after a reboot');
    const service = (key: string) => setting(unit, 'Service', key);
    assert.equal(service('User'), 'bis');
    assert.equal(service('StateDirectory'), 'bis');
    assert.equal(service('StateDirectoryMode'), '0700');
    assert.equal(environmentOf(unit).BIS_DATA_DIR, '/var/lib/bis', 'the data in the state directory');
    assert.equal(service('EnvironmentFile'), '/etc/bis.env');
    assert.equal(service('Restart'), 'on-failure');
    assert.equal(service('RestartPreventExitStatus'), '78', 'a refused configuration is not restarted in a loop');
    assert.ok(setting(unit, 'Unit', 'StartLimitBurst'), 'nor anything else for ever');
    for (const [key, value] of [
      ['NoNewPrivileges', 'yes'],
      ['ProtectSystem', 'strict'],
      ['ProtectHome', 'yes'],
      ['PrivateTmp', 'yes'],
      ['CapabilityBoundingSet', ''],
    ])
      assert.equal(service(key as string), value, key);
    // With ProtectSystem=strict only the state directory is writable: the service needs nothing else.
    assert.equal(service('ReadWritePaths'), undefined);
  });

  it('the backup runs nightly as the same user, into a state directory of its own', () => {
    const backup = readUnit(join(UNITS, 'bis-backup.service'));
    const timer = readUnit(join(UNITS, 'bis-backup.timer'));
    assert.equal(setting(backup, 'Service', 'User'), 'bis');
    assert.equal(setting(backup, 'Service', 'Type'), 'oneshot');
    assert.equal(setting(backup, 'Service', 'StateDirectoryMode'), '0700');
    assert.match(setting(backup, 'Service', 'ExecStart') ?? '', /bin\/bis\.mjs backup$/);
    assert.equal(setting(timer, 'Timer', 'Persistent'), 'true');
    assert.equal(setting(timer, 'Install', 'WantedBy'), 'timers.target');
  });
});

describe('deploy/bis.env.example', () => {
  // Every variable the configuration reads, as the service reads it.
  const read = new Set<string>();
  loadConfig(
    new Proxy({} as Record<string, string | undefined>, {
      get: (_, name) => {
        if (typeof name === 'string') read.add(name);
        return undefined;
      },
    }),
  );
  const named = new Map(
    [...EXAMPLE.matchAll(/^#?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1] as string, match[2] as string]),
  );

  it('names every setting the service reads, and bis its address', () => {
    assert.deepEqual([...named.keys()].filter((name) => name !== 'BIS_URL').sort(), [...read].sort());
  });

  it('shows each unset one with its default', () => {
    const defaults = loadConfig({});
    for (const [name, value] of named)
      if (EXAMPLE.includes(`\n#${name}=${value}\n`) && value !== '')
        assert.deepEqual(loadConfig({ [name]: value }), defaults, `${name}=${value} is the default`);
  });

  it('is a settings file the service accepts as it is', () => {
    assert.doesNotThrow(() => loadConfig(environmentFile(EXAMPLE)));
  });
});

// As systemd would run it (scripts/systemd-unit.ts): the unit as deploy/install.sh installs it for
// this clone, its user (here `nobody`, as the test cannot make one), working directory,
// environment, settings file and umask, its state directory made as systemd makes it (here under a
// temporary folder), and its ExecStart. Only root can start a process as another user.
describe('the service started as bis.service starts it', { skip: process.getuid?.() !== 0 && 'needs root' }, () => {
  const installed = readFileSync(join(UNITS, 'bis.service'), 'utf8')
    .replaceAll('/opt/bank-integration-service', ROOT.replace(/\/$/, ''))
    .replaceAll('/usr/bin/node', process.execPath)
    .replace(/^User=bis$/m, 'User=nobody')
    .replace(/^Group=bis$/m, 'Group=nogroup');
  const unit = parseUnit(installed);
  const base = mkdtempSync(join(tmpdir(), 'bis-unit-'));
  const stateDir = join(base, 'bis');
  const settings = join(base, 'bis.env');
  const nobody = Number(execFileSync('id', ['-u', 'nobody']));
  let child: ChildProcess;

  before(() => {
    // /var/lib is open to every user; the state directory in it is the service user's only.
    chmodSync(base, 0o755);
    writeFileSync(settings, EXAMPLE, { mode: 0o600 });
    child = startAsUnit(unit, {
      stateBase: base,
      environmentFile: settings,
      overrides: { BIS_DATA_DIR: stateDir, HOST: '127.0.0.1', PORT: '0' },
    });
  });
  after(async () => {
    if (child.exitCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    rmSync(base, { recursive: true, force: true });
  });

  it('starts as the unprivileged user, keeps its data private, names the next command and stops cleanly', async () => {
    // Answering /readyz: up, its database open.
    const { url, output } = await untilAnswering(child);
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    assert.match(status, new RegExp(`^Uid:\\s+${nobody}\\s`, 'm'), 'runs as the unit user');
    assert.equal(statSync(stateDir).mode & 0o777, 0o700);
    for (const file of ['setup-code', 'PG_VERSION']) {
      const stat = statSync(join(stateDir, file));
      assert.equal(stat.uid, nobody, `${file} is the service user's`);
      assert.equal(stat.mode & 0o077, 0, `${file} is private`);
    }
    assert.match(output(), new RegExp(`BIS_DATA_DIR=${stateDir} BIS_URL=${url} npx bis init`));
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    assert.equal(code, 0);
  });
});
