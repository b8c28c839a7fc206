// Generates a member register and imports it through the running service, then prints the time
// and the service's peak memory. PostgreSQL from DATABASE_URL (or the local server) by default;
// --pglite for the embedded database. `npm run bench:import -- --rows 200000` for a smaller run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import pg from 'pg';

const args = process.argv.slice(2);
const rows = Number(args[args.indexOf('--rows') + 1] ?? 0) || 1_000_000;
const onPglite = args.includes('--pglite');
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const work = mkdtempSync(join(tmpdir(), 'bis-bench-'));
const file = join(work, 'members.csv');
const statuses = ['active', 'active', 'active', 'suspended', 'closed'];

async function writeRegister(nameSuffix: string) {
  const out = createWriteStream(file);
  out.write('customerRef,fullName,status\r\n');
  for (let i = 0; i < rows; i++) {
    const line = `${String(1_000_000 + i)},"Member ${i}${nameSuffix}, Nairobi",${statuses[i % statuses.length]}\r\n`;
    if (!out.write(line)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

const database = `bis_bench_${randomBytes(4).toString('hex')}`;
async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

const port = 20_000 + Math.floor(Math.random() * 20_000);
const token = randomBytes(24).toString('hex');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  BIS_ADMIN_TOKEN: token,
  LOG_LEVEL: 'warn',
};
if (onPglite) {
  delete env.DATABASE_URL;
  env.BIS_DATA_DIR = join(work, 'data');
} else {
  await admin(`create database ${database}`);
  env.DATABASE_URL = `${serverUrl.replace(/\/[^/]*$/, '')}/${database}`;
}

const service = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
});
const peakMemoryMb = () => {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${service.pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
};

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      if (i > 300) throw new Error('the service did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const startMb = peakMemoryMb();
  for (const [label, suffix] of [
    ['first load (all created)', ''],
    ['refresh, every name changed', ' Jr'],
  ] as const) {
    await writeRegister(suffix);
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/admin/v1/members/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
      body: Readable.toWeb(createReadStream(file)) as ReadableStream,
      duplex: 'half',
    } as RequestInit);
    const seconds = (performance.now() - started) / 1000;
    const answer = await response.text();
    console.log(
      `${label}: ${rows.toLocaleString('en')} rows, ${(statSync(file).size / 1e6).toFixed(0)} MB, ` +
        `${seconds.toFixed(1)} s (${Math.round(rows / seconds).toLocaleString('en')} rows/s) -> ${response.status} ${answer}`,
    );
  }
  console.log(
    `database: ${onPglite ? 'PGlite (embedded)' : 'PostgreSQL'}; service peak memory (VmHWM): ${peakMemoryMb()} MB (${startMb} MB after start)`,
  );
} finally {
  service.kill('SIGTERM');
  await once(service, 'exit');
  if (!onPglite) await admin(`drop database if exists ${database} with (force)`);
  rmSync(work, { recursive: true, force: true });
}
