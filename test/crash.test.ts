import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createTestDatabase, databaseKinds, type TestDatabase } from './support/databases.js';
import { notifyPayment, notifyUntilKilled } from './support/payment-senders.js';
import { callService as call, integrateBank } from './support/service-http.js';
import { type ServiceProcess, startService, stopService } from './support/service-process.js';

for (const kind of databaseKinds()) {
  describe(`a crash in the middle of payments (${kind})`, () => {
    let testDb: TestDatabase;
    let dataDir: string;
    let env: NodeJS.ProcessEnv;
    let service: ServiceProcess | undefined;
    before(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'bis-crash-'));
      testDb = await createTestDatabase(kind);
      env = kind === 'postgres' ? { DATABASE_URL: testDb.options.url } : { BIS_DATA_DIR: dataDir, DATABASE_URL: '' };
    });
    after(async () => {
      if (service) await stopService(service, 'SIGKILL');
      await testDb.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('keeps every acknowledged receipt through SIGKILL, and a re-send after restart gets the same one', async () => {
      service = await startService(env);
      const token = await integrateBank(service.url, 'Crash Bank', '9200001', 'Crash Member');
      // Twenty senders notify payments until the process dies under them.
      const senders = notifyUntilKilled(service.url, token, '9200001', 'CRASH');
      const { acknowledged } = senders;
      const deadline = Date.now() + 60_000;
      while (acknowledged.size < 100 && !senders.stopped() && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      assert.ok(
        acknowledged.size >= 100,
        `only ${acknowledged.size} payments acknowledged before the kill:\n${service.output()}`,
      );
      await stopService(service, 'SIGKILL');
      await senders.done;

      service = await startService(env);
      for (const [reference, erpRefId] of acknowledged) {
        const stored = await call(service.url, 'GET', `/admin/v1/payments/${erpRefId}`);
        assert.equal(stored.status, 200, `${reference} (${erpRefId}) was acknowledged but is gone`);
        assert.equal(stored.body.transactionReference, reference);
        const again = await notifyPayment(service.url, token, '9200001', reference);
        assert.equal(again.status, 200);
        assert.equal(again.body.erpRefId, erpRefId);
      }
    });

    // Regression: a request answered after the drain began left its keep-alive connection open,
    // and the process hung until it was forced out with exit code 1.
    it('drains on SIGTERM under keep-alive load: finishes what is in flight, closes the database and exits 0', async () => {
      if (service) await stopService(service, 'SIGKILL');
      // The race is timing-dependent, so a few rounds make a regression show.
      for (let round = 0; round < 3; round++) {
        const running = await startService(env);
        let stop = false;
        const statuses: Array<number | string> = [];
        const load = Array.from({ length: 8 }, async () => {
          while (!stop) {
            try {
              const response = await fetch(`${running.url}/readyz`);
              await response.text();
              statuses.push(response.status);
            } catch {
              return; // refused once the server stopped listening
            }
          }
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        const code = await stopService(running, 'SIGTERM');
        stop = true;
        await Promise.all(load);
        assert.equal(code, 0, running.output());
        assert.ok(statuses.length > 0);
        for (const status of statuses) assert.ok(status === 200 || status === 503, String(status));
      }
      service = undefined;
    });
  });
}
