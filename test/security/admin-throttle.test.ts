import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MINUTE } from '../support/clock.js';
import { databaseKinds } from '../support/databases.js';
import { ADMIN_TOKEN, json, startTestApp, useTestApp } from '../support/test-app.js';

for (const kind of databaseKinds()) {
  describe(`guessing the admin token (${kind})`, () => {
    const t = useTestApp(kind);

    const call = (token: string, remoteAddress: string) =>
      t.app.inject({
        method: 'GET',
        url: '/admin/v1/clients',
        remoteAddress,
        headers: { authorization: `Bearer ${token}` },
      });

    it("refuses an address's further wrong tokens with 429 after 20 failures, lets a right token through, and records it once in the audit", async () => {
      const guesser = '192.0.2.9';
      for (let i = 0; i < 20; i++) assert.equal((await call(`guess-${i}-0123456789`, guesser)).statusCode, 401);
      const throttled = await call('one-more-guess-0123456789', guesser);
      assert.equal(throttled.statusCode, 429);
      const retryAfter = Number(throttled.headers['retry-after']);
      assert.ok(retryAfter >= 1 && retryAfter <= 15 * 60, String(retryAfter));
      assert.equal((await call(ADMIN_TOKEN, guesser)).statusCode, 200, 'a right token, whoever else guessed there');
      assert.equal((await call(ADMIN_TOKEN, '192.0.2.10')).statusCode, 200, 'another address is not affected');

      const audit = json(await call(ADMIN_TOKEN, '192.0.2.10'));
      assert.ok(audit.items);
      const events = json(
        await t.app.inject({
          method: 'GET',
          url: '/admin/v1/audit?order=newest',
          remoteAddress: '192.0.2.10',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        }),
      ).items.filter((event: { action: string }) => event.action === 'admin.auth_throttled');
      assert.equal(events.length, 1);
      assert.equal(events[0].target, guesser);
      assert.equal(events[0].sourceIp, guesser);

      const metrics = (
        await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
      ).body;
      assert.match(metrics, /^bis_admin_auth_refusals_total\{outcome="refused"\} 20$/m);
      assert.match(metrics, /^bis_admin_auth_refusals_total\{outcome="throttled"\} 1$/m);
    });

    it("counts in the database, so a restarted or second instance refuses alike, and takes the address's tokens again after 15 minutes", async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'bis-throttle-'));
      let own = await startTestApp(kind, { dataDir });
      try {
        const guesser = '198.51.100.77';
        const ask = (token: string) =>
          own.app.inject({
            method: 'GET',
            url: '/admin/v1/clients',
            remoteAddress: guesser,
            headers: { authorization: `Bearer ${token}` },
          });
        for (let i = 0; i < 20; i++) assert.equal((await ask(`guess-${i}-0123456789`)).statusCode, 401);
        own = await own.restart();
        assert.equal((await ask('guess-after-restart-0123456789')).statusCode, 429);
        own.clock.advance(15 * MINUTE);
        assert.equal((await ask('guess-15-minutes-later-0123456789')).statusCode, 401);
      } finally {
        await own.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}
