// The two servers of `npm run bench`, each in a child process of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { bundleService } from '../bundle.mjs';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));

export interface Server {
  readonly url: string;
  readonly child: ChildProcess;
  /** Stops the process (SIGTERM, then SIGKILL after a while); harmless once it has exited. */
  stop(): Promise<void>;
}

/** The first line the stream gives, or an error when the process exits before. Leaves the stream flowing. */
function firstLine(stream: Readable, child: ChildProcess, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const end = buffered.indexOf('\n');
      if (end >= 0) {
        done();
        resolve(buffered.slice(0, end).trim());
      }
    };
    const onExit = (code: number | null, signal: string | null) => {
      done();
      reject(new Error(`${what} exited (${signal ?? `code ${code}`}) before it was listening`));
    };
    const done = () => {
      stream.off('data', onData);
      child.off('exit', onExit);
      stream.resume(); // whatever comes later is dropped
    };
    stream.on('data', onData);
    child.on('exit', onExit);
    if (child.exitCode !== null || child.signalCode !== null) onExit(child.exitCode, child.signalCode);
  });
}

async function stopChild(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Told the id of every process started, so they can be ended even if the bench cannot. */
export type Track = (pid: number) => void;

/** A helper server of the bench (./ceiling.ts, ./receiver.ts) that prints its address once it listens. */
async function startHelper(file: string, what: string, track: Track): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL(file, import.meta.url))], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (child.pid) track(child.pid);
  const stop = () => stopChild(child);
  try {
    const url = await firstLine(child.stdout!, child, what);
    return { url, child, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The bare Fastify server the service is compared with. */
export const startCeiling = (track: Track) => startHelper('./ceiling.ts', 'the ceiling server', track);

/** A webhook receiver on localhost that answers 204 at once and counts what it gets. */
export const startReceiver = (track: Track) => startHelper('./receiver.ts', 'the webhook receiver', track);

// Reads the service's log (standard output) in a process of its own: it passes on the address
// from Fastify's "Server listening at" line, shows the first warnings and errors, and drops the
// rest. Read by the bench's own event loop instead, the log would compete with the load
// generator, and the service's synchronous log writes would stall whenever that loop is busy.
const LOG_READER = `
!url && /Server listening at/ { if (match($0, /https?:\\/\\/[^" ]+/)) { print substr($0, RSTART, RLENGTH); fflush(); url = 1 } next }
/"level":(40|50|60)[,}]/ && shown < 20 { shown++; print "service: " $0 > "/dev/stderr"; fflush("/dev/stderr") }
`;

export interface Service extends Server {
  /** The service's peak resident memory so far (VmHWM), in MB. */
  peakMemoryMb(): number;
  /** Starts the peak over from the current size; false when the system does not allow it. */
  resetPeakMemory(): boolean;
}

// /proc/<pid>/stat counts CPU time in clock ticks, 100 a second on Linux.
const TICKS_PER_SECOND = 100;

/** The process's user and system CPU time so far, in seconds. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), from field 3 on: utime and stime are 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/**
 * Compiles the service as `npm start` does (tsconfig.build.json), into `dir` rather than dist/,
 * and returns the node arguments that run it. Running it through tsx instead would add the
 * loader's memory (some 90 MB) to every figure. Type errors are shown but do not stop the bench
 * as long as the JavaScript was written.
 */
export async function buildService(dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const tsc = spawn(
    process.execPath,
    [join(REPO, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json', '--outDir', join(dir, 'dist')],
    {
      cwd: REPO,
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const code = await new Promise<number | null>((resolve) => tsc.once('exit', resolve));
  const main = join(dir, 'dist/main.js');
  if (!existsSync(main)) throw new Error(`the build wrote no ${main} (tsc exit code ${code})`);
  if (code !== 0) process.stderr.write(`bench: tsc reported errors (exit code ${code}); running what it wrote\n`);
  // Beside the compiled files: "type": "module", and the project's packages.
  copyFileSync(join(REPO, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(REPO, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // Bundled as the install's build bundles it (scripts/build.mjs), so the bench runs what npm start runs.
  await bundleService(join(dir, 'dist'));
  // The console as the install built it (npm run build makes it again).
  if (existsSync(join(REPO, 'dist/console')))
    cpSync(join(REPO, 'dist/console'), join(dir, 'dist/console'), { recursive: true });
  return [...startFlags(), main];
}

/** The node flags of `npm start` ("node <flags> dist/main.js"), so the bench runs what it runs. */
export function startFlags(): string[] {
  const start = (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts
    .start;
  const words = start
    .trim()
    .replace(/^exec\s+/, '')
    .split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist/main.js')
    throw new Error(`npm start is not "[exec] node ... dist/main.js": ${start}`);
  return words.slice(1, -1);
}

/** The TypeScript sources run directly, as `npm run dev` does. */
export const FROM_SOURCES = ['--import', 'tsx', 'src/main.ts'];

/** The service, ready (/readyz 200), run as `node ...command`. */
export async function startService(command: string[], env: NodeJS.ProcessEnv, track: Track): Promise<Service> {
  const reader = spawn('awk', [LOG_READER], { stdio: ['pipe', 'pipe', 'inherit'] });
  if (reader.pid) track(reader.pid);
  const child = spawn(process.execPath, command, {
    cwd: REPO,
    env: { ...env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', reader.stdin!, 'inherit'],
  });
  if (child.pid) track(child.pid);
  // The service holds the pipe now; without our end the reader sees the end when the service exits.
  reader.stdin!.destroy();
  const stop = async () => {
    await stopChild(child);
    await stopChild(reader, 2_000);
  };
  const status = () => readFileSync(`/proc/${child.pid}/status`, 'utf8');
  try {
    const url = await firstLine(reader.stdout!, child, 'the service');
    for (let attempt = 0; ; attempt++) {
      if (child.exitCode !== null) throw new Error(`the service exited with code ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/readyz`)).ok) break;
      } catch {
        // not answering yet
      }
      if (attempt > 300) throw new Error('the service did not become ready within a minute');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return {
      url,
      child,
      stop,
      peakMemoryMb: () => {
        const match = /VmHWM:\s+(\d+) kB/.exec(status());
        return match ? Math.round(Number(match[1]) / 1024) : NaN;
      },
      resetPeakMemory: () => {
        try {
          writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
          return true;
        } catch {
          return false;
        }
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface Janitor {
  /** Something to undo should the bench die without cleaning up (see janitor.ts). */
  note(what: { pid: number } | { database: { server: string; name: string } } | { path: string }): void;
  /** The bench has cleaned up: the janitor leaves without doing anything. */
  dismiss(): void;
}

export function startJanitor(): Janitor {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./janitor.ts', import.meta.url))], {
    cwd: REPO,
    detached: true, // a process group of its own: the terminal's Ctrl-C does not reach it
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  child.unref();
  child.on('error', () => {});
  const input = child.stdin!;
  input.on('error', () => {});
  return {
    note: (what) => void input.write(`${JSON.stringify(what)}\n`),
    dismiss: () => void input.end(`${JSON.stringify({ done: true })}\n`),
  };
}
