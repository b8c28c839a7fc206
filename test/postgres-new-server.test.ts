import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import pg from 'pg';
import { bis } from './support/cli.js';
import { NEEDS_POSTGRES } from './support/databases.js';
import { createOwnCluster, type OwnCluster, ownClusterUnavailable } from './support/own-cluster.js';
import { notifyPayment } from './support/payment-senders.js';
import { integrateBank, serviceOk } from './support/service-http.js';
import { type ServiceProcess, startService, stopService } from './support/service-process.js';
import { ADMIN_TOKEN } from './support/test-app.js';

// docs/OPERATIONS.md, Backups: a pg_dump restored into a new server, whose transaction ids start
// low again. The export and the webhooks go by the ids that accepted payments, so until the new
// server's ids are moved past the restored ones, new payments get no message and the ERP's feed is
// refused. Servers of the test's own: one is stopped to move its ids.
const skip = NEEDS_POSTGRES || ownClusterUnavailable();
const MEMBER = '9500001';

/** The check the documentation gives: true once the server's ids are past every id the data holds. */
const IDS_PAST_RESTORED = `select pg_current_xact_id() > greatest(
  (select max(accepted_txid) from payments), (select txid from webhook_accepted_feed)) as past`;
const NEXT_EPOCH = `select div(greatest(
  (select max(accepted_txid) from payments), (select txid from webhook_accepted_feed))::text::numeric, 4294967296) + 1 as epoch`;

async function query<T>(url: string, text: string): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows[0] as T;
  } finally {
    await client.end();
  }
}

describe('a pg_dump restored into a new PostgreSQL server', { skip }, () => {
  const clusters: OwnCluster[] = [];
  const services: ServiceProcess[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'bis-new-server-'));
  after(async () => {
    for (const service of services) await stopService(service, 'SIGKILL');
    for (const cluster of clusters) await cluster.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const start = async (cluster: OwnCluster) => {
    const service = await startService({ DATABASE_URL: cluster.url('bis'), BIS_DATA_DIR: dir });
    services.push(service);
    return service;
  };
  const stop = async (service: ServiceProcess) => {
    await stopService(service, 'SIGTERM');
    services.splice(services.indexOf(service), 1);
  };
  /** The receipts the endpoint has a payment.accepted message for; listing them writes every message due. */
  const announced = async (url: string, webhookId: string) => {
    const page = await serviceOk(url, 'GET', `/admin/v1/webhooks/${webhookId}/messages?limit=100`);
    return new Set(page.items.map((message: { erpRefId: string | null }) => message.erpRefId));
  };
  const exportFeed = (url: string) =>
    bis(['payments', 'export', '--feed', 'erp', '--format', 'json'], { BIS_URL: url, BIS_ADMIN_TOKEN: ADMIN_TOKEN });

  it('announces and exports new payments only once its transaction ids are moved past those restored', async () => {
    const old = await createOwnCluster();
    clusters.push(old);
    await query(old.url(), 'create database bis');
    // An old server has run many transactions; a new one starts near the beginning.
    await query(
      old.url('bis'),
      'do $$ begin for i in 1..20000 loop perform pg_current_xact_id(); commit; end loop; end $$',
    );
    const before = await start(old);
    const token = await integrateBank(before.url, 'Dump Bank', MEMBER, 'Dump Member');
    const endpoint = await serviceOk(before.url, 'POST', '/admin/v1/webhooks', {
      url: 'http://127.0.0.1:9/erp',
      internal: true,
      events: ['payment.accepted'],
    });
    await serviceOk(before.url, 'POST', '/admin/v1/export-feeds', { name: 'erp', start: 'first' });
    const first = (await notifyPayment(before.url, token, MEMBER, 'DUMP-1')).body.erpRefId;
    assert.ok((await announced(before.url, endpoint.webhookId)).has(first));
    assert.match((await exportFeed(before.url)).stdout, new RegExp(first));
    await stop(before);
    const dump = join(old.dir, 'bis.dump');
    await old.tool('pg_dump', ['--format=custom', `--file=${dump}`, old.url('bis')]);

    const fresh = await createOwnCluster();
    clusters.push(fresh);
    await query(fresh.url(), 'create database bis');
    await fresh.tool('pg_restore', ['--dbname', fresh.url('bis'), dump]);
    assert.equal((await query<{ past: boolean }>(fresh.url('bis'), IDS_PAST_RESTORED)).past, false);

    // As it is: a new payment gets no message, and the feed is refused.
    const unmoved = await start(fresh);
    const lost = (await notifyPayment(unmoved.url, token, MEMBER, 'DUMP-2')).body.erpRefId;
    assert.ok(lost);
    assert.ok(!(await announced(unmoved.url, endpoint.webhookId)).has(lost));
    const refused = await exportFeed(unmoved.url);
    assert.equal(refused.code, 1, refused.stderr);
    assert.match(refused.stderr, /ahead of the database/);
    await stop(unmoved);

    // Moved into the next epoch, as the documentation says: every new id is above the restored ones.
    const { epoch } = await query<{ epoch: string }>(fresh.url('bis'), NEXT_EPOCH);
    await fresh.stop();
    await fresh.tool('pg_resetwal', [`--epoch=${epoch}`, '-D', fresh.data]);
    await fresh.start();
    assert.equal((await query<{ past: boolean }>(fresh.url('bis'), IDS_PAST_RESTORED)).past, true);
    const moved = await start(fresh);
    const third = (await notifyPayment(moved.url, token, MEMBER, 'DUMP-3')).body.erpRefId;
    const messages = await announced(moved.url, endpoint.webhookId);
    assert.ok(messages.has(first) && messages.has(third), [...messages].join(', '));
    const exported = await exportFeed(moved.url);
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stdout, new RegExp(third));
    // The payment accepted before the move stays below the feed and the webhooks' positions: the
    // documentation says to move the ids before the service starts on the new server.
    assert.ok(!messages.has(lost));
    assert.doesNotMatch(exported.stdout, new RegExp(lost));
  });
});
