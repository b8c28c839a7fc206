import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { bis, exitedWith, succeeded } from './support/cli.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases.js';
import { notifyPayment, notifyUntilKilled } from './support/payment-senders.js';
import { callService as call, integrateBank, serviceOk } from './support/service-http.js';
import { type ServiceProcess, startService, stopService } from './support/service-process.js';
import { ADMIN_TOKEN } from './support/test-app.js';

const mode = (path: string) => statSync(path).mode & 0o777;

describe('backups of the embedded database (pglite)', () => {
  let dir: string;
  let service: ServiceProcess | undefined;
  let restored: ServiceProcess | undefined;
  const as = () => ({ BIS_URL: service?.url ?? '', BIS_ADMIN_TOKEN: ADMIN_TOKEN });
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bis-backup-'));
    service = await startService({
      BIS_DATA_DIR: join(dir, 'data'),
      DATABASE_URL: '',
      BIS_TIME_ZONE: 'Africa/Nairobi',
    });
  });
  after(async () => {
    if (service) await stopService(service, 'SIGKILL');
    if (restored) await stopService(restored, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  /** The webhook-id of the endpoint's newest message; listing writes every message due. */
  const newestMessage = async (url: string, webhookId: string) => {
    const page = await serviceOk(url, 'GET', `/admin/v1/webhooks/${webhookId}/messages?limit=1`);
    return Number(/^msg_(\d+)$/.exec(page.items[0]?.messageId ?? '')?.[1]);
  };

  it('restores every payment acknowledged before a backup taken under payment load', async () => {
    const url = service?.url ?? '';
    const token = await integrateBank(url, 'Backup Bank', '9300001', 'Backup Member');
    const endpoint = await serviceOk(url, 'POST', '/admin/v1/webhooks', {
      url: 'http://127.0.0.1:9/erp',
      internal: true,
      events: ['payment.accepted'],
    });
    const senders = notifyUntilKilled(url, token, '9300001', 'BACKUP');
    try {
      while (senders.acknowledged.size < 100 && !senders.stopped()) await new Promise((r) => setTimeout(r, 20));
      const acknowledged = new Map(senders.acknowledged);
      const file = join(dir, 'under-load.tgz');
      succeeded(await bis(['backup', '--out', file], as()), 'bis backup');
      assert.ok(statSync(file).size > 0);
      await senders.halt();
      const lastBeforeRestore = await newestMessage(url, endpoint.webhookId);

      const restoredDir = join(dir, 'restored');
      const restore = await bis(['restore', file, '--data-dir', restoredDir]);
      succeeded(restore, 'bis restore');
      const count = Number(/: (\d+) payments/.exec(restore.stdout)?.[1]);
      assert.ok(count >= acknowledged.size, restore.stdout);
      assert.equal(mode(restoredDir), 0o700);

      restored = await startService({ BIS_DATA_DIR: restoredDir, DATABASE_URL: '' });
      for (const [reference, erpRefId] of acknowledged) {
        const stored = await call(restored.url, 'GET', `/admin/v1/payments/${erpRefId}`);
        assert.equal(
          stored.status,
          200,
          `${reference} (${erpRefId}) was acknowledged before the backup but is not in it`,
        );
        assert.equal(stored.body.transactionReference, reference);
      }
      // The messages written after the backup are not in it: a new one must not take the
      // webhook-id of any of them, which a receiver would skip as a repeat.
      assert.equal((await notifyPayment(restored.url, token, '9300001', 'AFTER-RESTORE')).status, 200);
      const first = await newestMessage(restored.url, endpoint.webhookId);
      assert.ok(first > lastBeforeRestore, `msg_${first} after the restore, msg_${lastBeforeRestore} before it`);
    } finally {
      await senders.halt();
    }
  });

  it('writes a file only its owner can read, named for the time in BIS_TIME_ZONE, and records it in the audit', async () => {
    const cwd = join(dir, 'named');
    mkdirSync(cwd);
    succeeded(await bis(['backup'], as(), { cwd, umask: '000' }), 'bis backup');
    const [name = '', ...others] = readdirSync(cwd);
    assert.deepEqual(others, [], 'nothing but the backup, no partial file');
    assert.match(name, /^bis-backup-\d{4}-\d{2}-\d{2}T\d{4}\.tgz$/);
    assert.equal(mode(join(cwd, name)), 0o600);
    const audit = await call(service?.url ?? '', 'GET', '/admin/v1/audit?action=database');
    assert.equal(audit.status, 200);
    assert.ok(
      audit.body.items.some((event: { action: string; target: string }) => event.target === name),
      JSON.stringify(audit.body.items),
    );
  });

  it('never overwrites a file: an existing --out is refused and left as it was', async () => {
    const file = join(dir, 'taken.tgz');
    writeFileSync(file, 'an earlier backup');
    const result = await bis(['backup', '--out', file], as());
    exitedWith(result, 2);
    assert.match(result.stderr, /exists already/);
    assert.equal(readFileSync(file, 'utf8'), 'an earlier backup');
  });

  it('restores only into an empty directory, and only a backup', async () => {
    const file = join(dir, 'for-refusals.tgz');
    succeeded(await bis(['backup', '--out', file], as()), 'bis backup');

    const occupied = join(dir, 'occupied');
    mkdirSync(occupied);
    writeFileSync(join(occupied, 'PG_VERSION'), '17\n');
    const refused = await bis(['restore', file, '--data-dir', occupied]);
    exitedWith(refused, 2);
    assert.match(refused.stderr, /not empty/);
    assert.deepEqual(readdirSync(occupied), ['PG_VERSION']);

    const notBackup = join(dir, 'not-a-backup.tgz');
    writeFileSync(notBackup, 'payments,members\n');
    const target = join(dir, 'never-made');
    const unreadable = await bis(['restore', notBackup, '--data-dir', target]);
    exitedWith(unreadable, 1);
    assert.match(unreadable.stderr, /not a whole backup/);
    assert.throws(() => statSync(target), /ENOENT/, 'a failed restore leaves no directory behind');
  });
});

for (const kind of databaseKinds().filter((kind) => kind === 'postgres')) {
  describe(`a backup asked of PostgreSQL (${kind})`, () => {
    let testDb: TestDatabase;
    let service: ServiceProcess | undefined;
    let dir: string;
    let password: string;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'bis-backup-pg-'));
      testDb = await createTestDatabase(kind);
      // A password in DATABASE_URL, which the server's own authentication may not even ask for.
      const url = new URL(testDb.options.url ?? '');
      url.password ||= 'not-for-anyone-to-see';
      password = decodeURIComponent(url.password);
      service = await startService({ DATABASE_URL: url.href, BIS_DATA_DIR: dir });
    });
    after(async () => {
      if (service) await stopService(service, 'SIGKILL');
      await testDb.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    it('answers 409 with the pg_dump command, without the password', async () => {
      const answer = await call(service?.url ?? '', 'POST', '/admin/v1/backup');
      assert.equal(answer.status, 409);
      assert.match(answer.body.command, /^\(umask 077 && pg_dump --format=custom --file=bis-[\dT-]+\.dump /);
      assert.ok(!JSON.stringify(answer.body).includes(password), JSON.stringify(answer.body));
    });

    it('bis backup prints the command, writes nothing and exits 1', async () => {
      const file = join(dir, 'backup.tgz');
      const result = await bis(['backup', '--out', file], {
        BIS_URL: service?.url ?? '',
        BIS_ADMIN_TOKEN: ADMIN_TOKEN,
      });
      exitedWith(result, 1);
      assert.match(result.stderr, /pg_dump --format=custom/);
      assert.ok(!result.stderr.includes(password));
      assert.deepEqual(
        readdirSync(dir).filter((name) => name.startsWith('backup')),
        [],
      );
    });
  });
}
