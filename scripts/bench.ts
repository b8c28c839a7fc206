// `npm run bench`: the bank API under load, next to its ceiling.
//
// Starts the service as users run it (compiled as `npm start` does, LOG_LEVEL=info) and, in the
// same run, a bare Fastify server answering the same three routes with constant bodies
// (scripts/bench/ceiling.ts). Each route is loaded on both with autocannon, 32 connections, a
// 1 s warm-up that is not counted, then --duration seconds (default 5):
//   POST /bank/v1/validate   a different member each request
//   POST /oauth/v1/token     client credentials in the form body (BIS_TOKEN_RATE_LIMIT raised)
//   POST /bank/v1/payments   a new reference each request, to members validated in the first phase
// and prints per route the accepted (2xx) requests per second, p50 and p99 latency, errors and the
// ratio to the ceiling, then the service's peak memory. Then validate and payments again before and
// after ten sandbox clients make 2,000 test payments (scripts/bench/sandbox.ts), the webhooks' phase, and validate again
// under siege: 1,000 silent connections from ten /24s of the loopback range and 40 sign-ins at a
// time (scripts/bench/siege.ts).
//
//   npm run bench                         embedded PGlite in a temporary BIS_DATA_DIR
//   npm run bench -- --pg                 a throwaway database on DATABASE_URL's server
//                                         (default postgres://postgres@127.0.0.1:5432/postgres)
//   npm run bench -- --scale              1,000,000 members and 1,000,000 earlier payments first
//   --duration S  --warmup S  --members N  --connections N  --json
//   --cpu-prof DIR                        the measured service writes a CPU profile into DIR
//   --tsx                                 run the sources through tsx instead of compiling
//                                         (quicker to start; the loader adds ~90 MB of memory)
//
// The service gets its configuration from the bench only: BIS_*, LOG_LEVEL and DATABASE_URL from
// the calling shell are not passed on, so every run measures the defaults.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadEarlierPayments } from './bench/history.js';
import { measure } from './bench/load.js';
import {
  buildService,
  cpuSeconds,
  FROM_SOURCES,
  type Server,
  type Service,
  startCeiling,
  startFlags,
  startJanitor,
  startService,
} from './bench/processes.js';
import { fmt, printTable, problems, type Report } from './bench/report.js';
import { bankRoutes } from './bench/routes.js';
import { benchWithSandbox } from './bench/sandbox.js';
import { type Bank, importMembers, onboardBank } from './bench/setup.js';
import { benchUnderSiege } from './bench/siege.js';
import { benchWebhooks } from './bench/webhooks.js';

const { values: args } = parseArgs({
  options: {
    pg: { type: 'boolean', default: false },
    scale: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    tsx: { type: 'boolean', default: false },
    duration: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    members: { type: 'string' },
    connections: { type: 'string', default: '32' },
    'cpu-prof': { type: 'string' },
  },
});

function positive(name: string, raw: string | undefined, fallback: number, allowZero = false): number {
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0 || (!allowZero && value === 0)) {
    console.error(`bench: --${name} ${raw}: expected a ${allowZero ? 'non-negative' : 'positive'} number`);
    process.exit(2);
  }
  return value;
}

const SCALE = 1_000_000;
const duration = positive('duration', args.duration, 5);
const warmup = positive('warmup', args.warmup, 1, true);
const connections = Math.round(positive('connections', args.connections, 32));
const members = Math.round(positive('members', args.members, args.scale ? SCALE : 10_000));
const earlierPayments = args.scale ? SCALE : 0;
if (members > 9_000_000) {
  console.error('bench: --members: at most 9,000,000 (Member Numbers are seven digits from 1000000)');
  process.exit(2);
}

let interrupted = false;
const progress = (message: string) => {
  if (!interrupted) process.stderr.write(`bench: ${message}\n`);
};
const seconds = (since: number) => (performance.now() - since) / 1000;

// Everything made is undone in reverse order, whichever way the run ends. The janitor, a
// detached process, is told the same things and does them if this process dies first.
const janitor = startJanitor();
const cleanups: Array<() => Promise<void> | void> = [];
let cleaning: Promise<void> | undefined;
function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        process.stderr.write(`bench: clean-up: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
    janitor.dismiss();
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (!interrupted) process.stderr.write(`bench: ${signal}: stopping and cleaning up\n`);
    interrupted = true;
    void cleanUp().then(() => process.exit(130));
  });
}
const track = (pid: number) => janitor.note({ pid });

const work = mkdtempSync(join(tmpdir(), 'bis-bench-'));
janitor.note({ path: work });
cleanups.push(() => rmSync(work, { recursive: true, force: true }));

const adminToken = randomBytes(24).toString('hex');
const env: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !name.startsWith('BIS_') && name !== 'LOG_LEVEL' && name !== 'DATABASE_URL',
  ),
);
// One bench client makes thousands of calls a second: both rate limits are raised out of its way.
Object.assign(env, {
  LOG_LEVEL: 'info',
  BIS_ADMIN_TOKEN: adminToken,
  BIS_TOKEN_RATE_LIMIT: '1000000',
  BIS_BANK_RATE_LIMIT: '10000000',
});

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const report: Report = {
  database: args.pg ? 'postgres' : 'pglite',
  databaseLabel: '',
  scale: args.scale,
  serviceRunAs: '',
  members,
  earlierPayments,
  connections,
  durationSeconds: duration,
  warmupSeconds: warmup,
  setupSeconds: {},
  machine: { cores: availableParallelism(), loadAverageAtStart: loadavg()[0]! },
  routes: [],
  serviceMemoryMb: { firstStart: NaN, afterStart: NaN, underLoad: NaN, includingSetup: NaN },
};

let failed = false;
try {
  if (args.pg) {
    const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `bis_bench_${randomBytes(4).toString('hex')}`;
    const version = await onServer(serverUrl, async (client) => {
      janitor.note({ database: { server: serverUrl, name } });
      await client.query(`create database ${name}`);
      return (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
    });
    cleanups.push(() =>
      onServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)).then(() => {}),
    );
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    report.databaseLabel = `PostgreSQL ${version.split(' ')[0]} (throwaway database ${name} on ${url.host})`;
  } else {
    env.BIS_DATA_DIR = join(work, 'data');
    report.databaseLabel = 'PGlite (embedded, inside the service process; temporary BIS_DATA_DIR)';
  }

  if (earlierPayments > 0) {
    progress(`writing ${fmt(earlierPayments)} earlier payments into the database (SQL, before the service starts)`);
    const started = performance.now();
    await loadEarlierPayments({ url: env.DATABASE_URL, dataDir: env.BIS_DATA_DIR }, earlierPayments, members, progress);
    report.setupSeconds.earlierPayments = seconds(started);
  }

  let command = FROM_SOURCES;
  if (!args.tsx) {
    progress('compiling the service as npm start does');
    command = await buildService(join(work, 'build'));
  }
  report.serviceRunAs = args.tsx
    ? 'node --import tsx src/main.ts'
    : `${['node', ...startFlags()].join(' ')} dist/main.js (compiled with tsconfig.build.json, as npm start runs it)`;
  const ceiling: Server = await startCeiling(track);
  cleanups.push(() => ceiling.stop());
  // The first start on a new database does one-time work (PGlite creates its cluster, which
  // leaves the WebAssembly memory grown for the life of the process): it is measured, then the
  // service is started again, as it runs from then on.
  progress(`first start of the service on ${args.pg ? 'PostgreSQL' : 'PGlite'}`);
  const first = await startService(command, env, track);
  cleanups.push(() => first.stop());
  report.serviceMemoryMb.firstStart = first.peakMemoryMb();
  await first.stop();
  progress('starting the service again');
  // --cpu-prof DIR: the measured service writes a V8 CPU profile there when it stops.
  const profiled = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`, ...command] : command;
  const service: Service = await startService(profiled, env, track);
  cleanups.push(() => service.stop());
  progress(`service at ${service.url}, ceiling at ${ceiling.url}`);
  report.serviceMemoryMb.afterStart = service.peakMemoryMb();

  const bank: Bank = await onboardBank(service.url, adminToken);
  {
    const started = performance.now();
    const answer = await importMembers(service.url, adminToken, members);
    report.setupSeconds.memberImport = seconds(started);
    progress(`imported ${fmt(members)} members in ${fmt(report.setupSeconds.memberImport, 1)} s: ${answer}`);
  }
  report.serviceMemoryMb.includingSetup = service.peakMemoryMb();
  const peakReset = service.resetPeakMemory();

  const routes = bankRoutes(bank, members);

  // The ceiling's first seconds under load run cold (not yet optimised), and so do the load
  // generator's: a round on every route first keeps that out of the first route's ceiling.
  progress('warming up the ceiling and the load generator');
  for (const route of routes) await measure(ceiling.url, route('ceiling'), { connections, duration: 2, warmup: 0 });

  const options = { connections, duration, warmup };
  for (const route of routes) {
    if (interrupted) throw new Error('interrupted');
    const onService = route('service');
    progress(`${onService.name}: service`);
    const serviceFigures = await measure(service.url, onService, {
      ...options,
      cpuSeconds: () => cpuSeconds(service.child.pid!),
    });
    progress(`${onService.name}: ceiling`);
    const ceilingFigures = await measure(ceiling.url, route('ceiling'), {
      ...options,
      cpuSeconds: () => cpuSeconds(ceiling.child.pid!),
    });
    report.routes.push({
      route: onService.name,
      service: serviceFigures,
      ceiling: ceilingFigures,
      ratio: serviceFigures.requestsPerSecond / ceilingFigures.requestsPerSecond,
    });
  }
  const pay = routes.at(-1);
  const validate = routes.find((route) => route('service').name.includes('validate'));
  if (pay && validate && !interrupted) {
    report.sandbox = await benchWithSandbox({
      serviceUrl: service.url,
      adminToken,
      validate: validate('service'),
      pay: pay('service'),
      options,
      progress,
    });
  }
  if (pay && !interrupted) {
    report.webhooks = await benchWebhooks({
      serviceUrl: service.url,
      adminToken,
      pay: pay('service'),
      options: { ...options, cpuSeconds: () => cpuSeconds(service.child.pid!) },
      track,
      progress,
    });
  }
  if (validate && !interrupted) {
    report.siege = await benchUnderSiege({
      serviceUrl: service.url,
      adminToken,
      validate: validate('service'),
      options: { ...options, cpuSeconds: () => cpuSeconds(service.child.pid!) },
      progress,
    });
  }
  const peak = service.peakMemoryMb();
  report.serviceMemoryMb.underLoad = peakReset ? peak : NaN;
  report.serviceMemoryMb.includingSetup = Math.max(peak, report.serviceMemoryMb.includingSetup);

  // A run that measured refusals must not look like a result.
  for (const problem of problems(report)) {
    failed = true;
    progress(problem);
  }
  if (args.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else printTable(report);
} catch (error) {
  failed = true;
  progress(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
} finally {
  await cleanUp();
}
process.exit(interrupted ? 130 : failed ? 1 : 0);
