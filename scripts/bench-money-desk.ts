// The money desk at scale, on PostgreSQL (DATABASE_URL, or the local server): a year of a million
// payments, the daily report over that year (and as CSV), a feed's batch of them all, and bank statements of 20,000 and 100,000 lines
// (camt.053, three accounts, one not the bank's, most entries batches of four transactions)
// reconciled through the service's API, with the service's peak memory for each, and the time the
// console's dashboard takes to open in Chromium.
// `npm run bench:money-desk -- --payments 200000` for a smaller run; --pglite for the embedded database;
// --heap-mb 96 to run the service with its JavaScript heap capped; --lists for the lists alone (a
// million members too: their totals, the payments search by any text, and the payments and members
// downloaded as CSV); --search for the payments search alone; --held for the held queue's first page
// alone, with and without each payment's case (--members N for a register of N members instead of a
// million). --keep NAME keeps what was seeded (on PostgreSQL the database NAME, on PGlite the folder
// bis-bench-NAME in the system's temporary folder) and the next run that names it starts from it
// instead of seeding a million rows again.
import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { openDatabase } from '../src/db/database.js';
import { timeDashboard } from './bench/dashboard.js';
import { BENCH_ACCOUNTS, writeDeskStatement } from './bench/desk-statement.js';
import { seedMembers, timeLists, timePaymentsSearch } from './bench/lists.js';
import { buildService, type Service, startService } from './bench/processes.js';
import { call } from './bench/setup.js';
import { hasChromium } from './chromium.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args[args.indexOf(name) + 1] ?? 0) || fallback;
const payments = option('--payments', 1_000_000);
const onPglite = args.includes('--pglite');
const searchOnly = args.includes('--search');
const listsOnly = args.includes('--lists') || searchOnly;
const heldOnly = args.includes('--held');
const members = option('--members', 1_000_000);
const keep = args.includes('--keep') ? args[args.indexOf('--keep') + 1] : undefined;
if (keep !== undefined && !/^[a-z0-9_]+$/.test(keep)) throw new Error('--keep NAME: lower-case letters, digits and _');
// --heap-mb N caps the service's JavaScript heap: the reconciliation must still finish, its memory flat.
const heapMb = option('--heap-mb', 0);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const YEAR_FROM = '2025-11-24';
const YEAR_TO = '2026-11-23';

const work = mkdtempSync(join(tmpdir(), 'bis-bench-desk-'));
const database = keep ?? `bis_bench_${randomBytes(4).toString('hex')}`;
const dataDir = keep ? join(tmpdir(), `bis-bench-${keep}`) : join(work, 'data');
const databaseUrl = `${serverUrl.replace(/\/[^/]*$/, '')}/${database}`;
const token = randomBytes(24).toString('hex');
const PUBLIC_URL = 'http://127.0.0.1:9';

async function sql(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

const api = (service: Service, method: string, path: string, body?: unknown) =>
  call(service.url, token, method, `/admin/v1${path}`, body);

/** One statement of the seed, with its parameters. */
type Run = (text: string, values?: unknown[]) => Promise<unknown>;

/**
 * Runs `work` with statements on the bench's database: on PostgreSQL beside the service, on PGlite
 * (one process at a time) with the service stopped, through the service's own code so the engine
 * has the same extensions.
 */
async function withDatabase(work: (run: Run) => Promise<void>): Promise<void> {
  if (!onPglite) return work((text, values) => sql(databaseUrl, text, values));
  const opened = await openDatabase({ dataDir });
  try {
    await work((text, values = []) => opened.db.executeQuery(CompiledQuery.raw(text, values)));
  } finally {
    await opened.close();
  }
}

/**
 * A year of payments for three banks, written straight into the tables (the bank API would take
 * hours): nine in ten accepted, the rest held or returned; references B<bank>-<n>, each with a
 * payer's name and phone, as a bank sends them; and a million members (or --members), as a register
 * holds them. Half the held and returned payments name a member who cannot be paid, the other half a number no
 * member has (the member's first digit typed as a 9), as a payer's slip would.
 */
async function seed(run: Run, clients: string[]): Promise<void> {
  await run(
    `insert into payments (client_id, transaction_reference, payment_type, customer_ref, member_number, amount, currency,
       transaction_date, status, held_reason, erp_ref_id, raw_notification, received_at, updated_at, accepted_at,
       accepted_txid, payer_name, payer_phone)
     select c.id, 'B' || (n % 3) || '-' || n, (array['MPESA','RTGS','PESALINK','BRANCH'])[1 + n % 4],
       case when n % 10 = 9 and n % 40 >= 20 then '9' || lpad((n % 50000)::text, 6, '0')
         else lpad((1000000 + n % 50000)::text, 7, '0') end,
       case when n % 10 < 9 then lpad((1000000 + n % 50000)::text, 7, '0') end,
       (100 + (n::bigint * 7919) % 500000) / 100.0, 'KES', t, s,
       case when s <> 'accepted' then 'customer_not_payable' end,
       case when s = 'accepted' then upper(lpad(to_hex(n), 8, '0')) end,
       '{}', t, t, case when s = 'accepted' then t end, case when s = 'accepted' then pg_current_xact_id() end,
       'Payer ' || n, '07' || lpad(n::text, 8, '0')
     from generate_series(1, $1::integer) n
     cross join lateral (select ($2::text[])[1 + n % 3] as id) c
     cross join lateral (select timestamptz '${YEAR_FROM}T05:00:00Z' + (n::float8 / $1) * interval '365 days' as t) d
     cross join lateral (select case when n % 10 < 9 then 'accepted' when n % 10 = 9 and n % 20 = 9 then 'held'
       else 'returned' end as s) st`,
    [payments, clients],
  );
  await run(seedMembers(members));
  await run('vacuum analyze payments');
  await run('vacuum analyze members');
}

/**
 * What the console's other lists read at that scale: a year of an ERP endpoint's messages (one a
 * payment accepted, each delivered at the first attempt; the endpoint is stopped, so nothing is
 * sent) and 200,000 audit events.
 */
async function seedLists(run: Run): Promise<void> {
  await run(
    `insert into webhook_endpoints (id, url, events, enabled, disabled_reason, secret, created_at, updated_at)
     values ('wh_bench', 'http://127.0.0.1:9/erp', array['payment.accepted'], false, 'bench', 'bench-secret', now(), now())`,
  );
  await run(
    `insert into webhook_messages (endpoint_id, event_type, payment_id, occurred_at, status, attempts, next_attempt_at,
       delivered_at, last_status_code)
     select 'wh_bench', 'payment.accepted', id, accepted_at, 'delivered', 1, accepted_at, accepted_at, 200
     from payments where status = 'accepted' order by id`,
  );
  await run(
    `insert into webhook_attempts (message_id, at, status_code, latency_ms, response)
     select id, delivered_at, 200, 40, '' from webhook_messages where endpoint_id = 'wh_bench'`,
  );
  await run(
    `insert into audit_events (at, action, target, request_id, source_ip, detail)
     select timestamptz '${YEAR_FROM}T05:00:00Z' + (n::float8 / 200000) * interval '365 days',
       (array['operator.signed_in','payment.allocated','payment.returned','member.updated'])[1 + n % 4],
       'operator:op_bench', 'req-' || n, '10.0.0.' || (n % 200), jsonb_build_object('by', 'finance@sacco.example')
     from generate_series(1, 200000) n`,
  );
  await run('vacuum analyze');
}

/** The Nairobi day of seeded payment n (see seed). */
const dayOf = (n: number) =>
  new Date(Date.parse(`${YEAR_FROM}T05:00:00Z`) + (n / payments) * 365 * 86_400_000 + 3 * 3_600_000)
    .toISOString()
    .slice(0, 10);

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = performance.now();
  const value = await work();
  return { value, seconds: (performance.now() - started) / 1000 };
}

/** Three timings of one admin API read, printed on a line. */
async function timeRead(service: Service, label: string, path: string): Promise<void> {
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push((await timed(() => api(service, 'GET', path))).seconds);
  console.log(`${label}: ${runs.map((s) => `${(s * 1000).toFixed(0)} ms`).join(', ')}`);
}

/** The held queue's first page without each payment's case, then as the console asks for it: with them. */
const HELD_QUEUE: [string, string][] = [
  ['held queue, first page (oldest first)', '/payments?status=held&order=oldest&limit=50'],
  ['held queue, first page with its cases', '/payments?status=held&order=oldest&include=heldCase&limit=50'],
];

const env: NodeJS.ProcessEnv = {
  ...process.env,
  BIS_ADMIN_TOKEN: token,
  // Info: the bench reads the address the service listens on from its log.
  LOG_LEVEL: 'info',
  BIS_TIME_ZONE: 'Africa/Nairobi',
  // The dashboard's viewer signs in from here: the bench's own address, never listened on.
  BIS_PUBLIC_URL: PUBLIC_URL,
};
if (heapMb > 0) env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${heapMb}`.trim();
if (onPglite) {
  delete env.DATABASE_URL;
  env.BIS_DATA_DIR = dataDir;
} else {
  const found = await sql(serverUrl, 'select 1 from pg_database where datname = $1', [database]);
  if (found.rowCount === 0) await sql(serverUrl, `create database ${database}`);
  env.DATABASE_URL = databaseUrl;
}

const command = await buildService(join(work, 'build'));
let service = await startService(command, env, () => {});
try {
  // A kept database has its banks already, and its payments.
  const known = (await api(service, 'GET', '/clients')).items as { clientId: string; name: string }[];
  const clients: string[] = [];
  for (const name of ['Equity Bank', 'KCB', 'Co-op Bank'])
    clients.push(
      known.find((client) => client.name === name)?.clientId ??
        ((await api(service, 'POST', '/clients', { name })).clientId as string),
    );
  const statementAccounts = BENCH_ACCOUNTS.filter((account) => account.onFile).map((account) => account.id);
  await api(service, 'PATCH', `/clients/${clients[0]}`, { statementAccounts });
  const seeded = ((await api(service, 'GET', '/payments?limit=1')).items as unknown[]).length > 0;
  if (onPglite && !listsOnly && !heldOnly) {
    console.log('PGlite: only the reconciliation runs (on an empty table); --lists seeds it');
  } else {
    if (seeded) console.log(`the database kept as ${keep} is seeded already`);
    else {
      // The embedded database is one process's at a time: the service is stopped while it is seeded.
      if (onPglite) await service.stop();
      const seeding = await timed(() => withDatabase((run) => seed(run, clients)));
      console.log(
        `seeded ${payments.toLocaleString('en')} payments over a year and ${members.toLocaleString('en')} members in ${seeding.seconds.toFixed(0)} s`,
      );
      if (!heldOnly) {
        const listed = await timed(() => withDatabase(seedLists));
        console.log(`seeded a message a payment and 200,000 audit events in ${listed.seconds.toFixed(0)} s`);
      }
      if (onPglite) service = await startService(command, env, () => {});
    }
    if (searchOnly) await timePaymentsSearch(service.url, token, (line) => console.log(line));
    else if (!heldOnly) await timeLists(service.url, token, (line) => console.log(line));
  }
  if (heldOnly) {
    for (const [label, path] of HELD_QUEUE) await timeRead(service, label, path);
    console.log('--held: the rest of the bench left out');
  } else if (listsOnly) {
    console.log(`${searchOnly ? '--search' : '--lists'}: the rest of the bench left out`);
  } else if (!onPglite) {
    for (const groupBy of ['', 'client', 'paymentType', 'clientAndPaymentType']) {
      const query = `/reports/daily?from=${YEAR_FROM}&to=${YEAR_TO}${groupBy ? `&groupBy=${groupBy}` : ''}`;
      await timeRead(service, `daily report, a year (365 days)${groupBy ? ` by ${groupBy}` : ''}`, query);
    }
    // The console's daily totals page: the year by bank and channel, as the CSV it downloads.
    const csvRuns = [];
    for (let i = 0; i < 3; i++) {
      const path = `/admin/v1/reports/daily?from=${YEAR_FROM}&to=${YEAR_TO}&groupBy=clientAndPaymentType&format=csv`;
      const run = await timed(async () => {
        const response = await fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
        return (await response.text()).split('\r\n').length - 2;
      });
      csvRuns.push(`${(run.seconds * 1000).toFixed(0)} ms (${run.value} rows)`);
    }
    console.log(`daily report as CSV, a year by bank and channel: ${csvRuns.join(', ')}`);
    // A feed's batch is counted when it moves: the largest batch there is, every accepted payment.
    await api(service, 'POST', '/export-feeds', { name: 'bench-first', start: 'first' });
    await api(service, 'POST', '/export-feeds', { name: 'bench-now', start: 'now' });
    const feeds = (await api(service, 'GET', '/export-feeds')) as unknown as { name: string; cursor: string }[];
    const cursorOf = (name: string) => feeds.find((feed) => feed.name === name)?.cursor;
    const moved = await timed(() =>
      api(service, 'PUT', '/export-feeds/bench-first', {
        cursor: cursorOf('bench-now'),
        previous: cursorOf('bench-first'),
      }),
    );
    const batch = (moved.value as { lastBatch: { payments: number } }).lastBatch;
    console.log(
      `a feed's batch of every accepted payment (${batch.payments.toLocaleString('en')}), counted as it moves: ${(moved.seconds * 1000).toFixed(0)} ms`,
    );
    // The figures above the payments list and the held queue: every payment, a bank's, a month's, the held.
    for (const query of [
      '',
      `?clientId=${clients[0]}`,
      `?from=${YEAR_TO.slice(0, 8)}01&to=${YEAR_TO}`,
      '?status=held',
    ]) {
      await timeRead(service, `payments totals${query || ' (every payment)'}`, `/payments/totals${query}`);
    }
    // The first page of each list the console opens, as it asks for it.
    for (const [label, path] of <[string, string][]>[
      ['payments list, first page', '/payments?limit=50'],
      ...HELD_QUEUE,
      ['members list, first page', '/members?limit=50'],
      ['members list, closed members', '/members?status=closed&limit=50'],
      ["an ERP endpoint's messages, first page", '/webhooks/wh_bench/messages?limit=50'],
      ['audit, first page', '/audit?limit=50'],
    ])
      await timeRead(service, label, path);
    if (hasChromium()) {
      const { opened, calls } = await timeDashboard(service.url, token, PUBLIC_URL);
      console.log(
        `console dashboard opens in ${opened.map((ms) => `${ms.toFixed(0)} ms`).join(', ')} (the first cold)`,
      );
      console.log(`  its calls, the last time: ${calls.map((call) => `${call.path} ${call.ms} ms`).join('; ')}`);
    } else {
      console.log('console dashboard: not timed, no Chromium (apt-get install chromium)');
    }
  }
  for (const lines of listsOnly || heldOnly ? [] : [20_000, 100_000]) {
    const file = join(work, `statement-${lines}.xml`);
    await writeDeskStatement(file, { lines, payments, dayOf });
    service.resetPeakMemory();
    const before = service.peakMemoryMb();
    const run = await timed(async () => {
      const response = await fetch(`${service.url}/admin/v1/reconciliations?clientId=${clients[0]}&format=camt053`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/xml' },
        body: Readable.toWeb(createReadStream(file)) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      const text = await response.text();
      if (response.status !== 201) throw new Error(`reconcile: ${response.status} ${text}`);
      return JSON.parse(text);
    });
    const totals = Object.entries(run.value.totals as Record<string, { count: number }>)
      .map(([name, total]) => `${name} ${total.count}`)
      .join(', ');
    const accounts = (run.value.accounts as { lines: number; ofThisBank: boolean }[])
      .map((account) => `${account.lines}${account.ofThisBank ? '' : " (not the bank's)"}`)
      .join(' + ');
    console.log(
      `reconcile ${lines.toLocaleString('en')} lines in ${run.value.accounts.length} accounts (${accounts}) (${(statSync(file).size / 1e6).toFixed(1)} MB): ${run.seconds.toFixed(1)} s; ` +
        `service peak memory ${service.peakMemoryMb()} MB (${before} MB before); ${totals}`,
    );
    // The reconciliation's page: its first lines, the open lines of one kind, as the console asks.
    const linesPath = `/reconciliations/${run.value.reconciliationId}`;
    await timeRead(service, `  its lines, first page`, `${linesPath}?limit=50`);
    await timeRead(
      service,
      `  its open missing notifications, first page`,
      `${linesPath}?category=missing_notification&open=true&limit=50`,
    );
    // The figures above a run's list of lines, for a category and the open filter: every page of them.
    for (const query of ['?category=matched', '?category=missing_notification&open=true', '?open=true'])
      await timeRead(service, `  its totals${query}`, `${linesPath}/totals${query}`);
  }
  console.log(`database: ${onPglite ? 'PGlite (embedded)' : 'PostgreSQL'}`);
} finally {
  await service.stop();
  if (!onPglite && !keep) await sql(serverUrl, `drop database if exists ${database} with (force)`);
  rmSync(work, { recursive: true, force: true });
  if (keep) console.log(`kept: ${onPglite ? dataDir : databaseUrl}`);
}
