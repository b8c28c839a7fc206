import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { openDatabase } from '../../src/db/database.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';
import { serviceOk } from '../support/service-http.js';
import { type ServiceProcess, startService, stopService } from '../support/service-process.js';
import { testSmtpServer } from '../support/smtp.js';

for (const kind of databaseKinds()) {
  describe(`an email queued when the service is killed (${kind})`, () => {
    const smtp = testSmtpServer({ tls: true });
    const dataDir = mkdtempSync(join(tmpdir(), 'bis-email-crash-'));
    let testDb: TestDatabase | undefined;
    let service: ServiceProcess | undefined;
    const start = async () => {
      testDb ??= await createTestDatabase(kind);
      const where = kind === 'postgres' ? { DATABASE_URL: testDb.options.url } : { BIS_DATA_DIR: dataDir };
      const mail = { BIS_SMTP_URL: smtp.url(), BIS_SMTP_CA_FILE: smtp.caFile() };
      service = await startService({ DATABASE_URL: '', ...where, ...mail, BIS_MAIL_FROM: 'payments@sacco.example' });
      return service;
    };
    after(async () => {
      if (service) await stopService(service, 'SIGKILL');
      await testDb?.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /** The outbox as the database holds it, read with the service stopped. */
    async function outbox() {
      const database = await openDatabase(kind === 'postgres' ? { url: testDb?.options.url } : { dataDir });
      try {
        const { rows } = await sql<{ message_id: string; status: string; attempts: number }>`
          select message_id, status, attempts from email_outbox`.execute(database.db);
        return rows;
      } finally {
        await database.close();
      }
    }

    it('arrives once, with the Message-ID it was queued with, after kill -9 and a restart', async () => {
      await smtp.stop();
      const running = await start();
      const invited = await serviceOk(running.url, 'POST', '/admin/v1/operators', {
        email: 'amina@sacco.example',
        name: 'Amina Wanjiku',
        role: 'finance',
      });
      assert.equal(invited.emailed, true);
      // The worker has tried the mail server, which is down, at least once.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await stopService(running, 'SIGKILL');
      service = undefined;
      const [queued, ...more] = await outbox();
      assert.equal(more.length, 0);
      assert.equal(queued?.status, 'pending');
      assert.ok(Number(queued?.attempts) >= 1, 'the worker never tried the mail server');

      await smtp.start();
      await start();
      const [got] = await smtp.waitFor(1, 40_000);
      assert.deepEqual(got?.envelopeTo, ['amina@sacco.example']);
      assert.equal(got?.mail.messageId, queued?.message_id);
      assert.equal(got?.secure, true);
      // Nothing more comes: the restarted service recorded it as sent.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      assert.equal(smtp.received.length, 1);
    });
  });
}
