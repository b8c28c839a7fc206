import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL cluster of a test's own, in a temporary directory, for tests that stop
 * and start the server. It listens on 127.0.0.1 only, on a port of its own.
 */
export interface OwnCluster {
  port: number;
  dir: string;
  /** postgres://postgres@127.0.0.1:port/<database> */
  url(database?: string): string;
  start(): Promise<void>;
  /** fast: clients are told to go and the server shuts down cleanly; immediate: backends are killed. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Runs one of the server's tools (pg_dump, pg_restore, pg_resetwal) as the cluster's user, in its directory. */
  tool(name: string, args: string[]): Promise<void>;
  /** The data directory, for a tool that works on the files of a stopped cluster. */
  data: string;
  /** Stops the cluster if it runs and removes its directory. */
  dispose(): Promise<void>;
}

function postgresBinDir(): string | undefined {
  const hasTools = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
  const onPath = (process.env.PATH ?? '').split(delimiter).find((dir) => dir && hasTools(dir));
  if (onPath) return onPath;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.map((v) => join(root, v, 'bin')).find(hasTools);
}

const asRoot = process.getuid?.() === 0;

/** Why an own cluster cannot be made here, or undefined when it can: a test skips with this reason. */
export function ownClusterUnavailable(): string | undefined {
  if (!postgresBinDir()) return 'initdb and pg_ctl not found on PATH nor in /usr/lib/postgresql/*/bin';
  if (asRoot) {
    try {
      execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
      execFileSync('runuser', ['--help'], { stdio: 'ignore' });
    } catch {
      return 'running as root, and initdb refuses root: needs a postgres user and runuser';
    }
  }
  return undefined;
}

/**
 * A port that is free now, below Linux's ephemeral range (32768 and up): the cluster is stopped and
 * started again on it mid-test, and a port in that range could meanwhile be taken by any client
 * connection on the machine.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/** Every cluster not yet disposed, stopped at exit even when a test failed or was interrupted. */
const running = new Set<() => void>();
process.once('exit', () => {
  for (const stop of running) stop();
});

export async function createOwnCluster(): Promise<OwnCluster> {
  const unavailable = ownClusterUnavailable();
  if (unavailable) throw new Error(unavailable);
  // Where the server's own tools are: PATH may hold links to a few of them only (initdb, pg_ctl).
  const bin = dirname(realpathSync(join(postgresBinDir()!, 'pg_ctl')));
  const dir = mkdtempSync(join(tmpdir(), 'bis-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const pidFile = join(data, 'postmaster.pid');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
  const pg = async (tool: string, args: string[]) => {
    const [file, argv] = command(tool, args);
    try {
      await run(file, argv, { cwd: dir, timeout: 60_000 });
    } catch (error) {
      const serverLog = existsSync(log) ? readFileSync(log, 'utf8').slice(-2_000) : '';
      throw new Error(`${tool} ${args.join(' ')} failed: ${(error as Error).message}\n${serverLog}`, { cause: error });
    }
  };

  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  const stopNow = () => {
    const [file, argv] = command('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']);
    try {
      execFileSync(file, argv, { cwd: dir, stdio: 'ignore', timeout: 30_000 });
    } catch {
      // not running
    }
    rmSync(dir, { recursive: true, force: true });
  };
  running.add(stopNow);
  let up = false;
  const cluster: OwnCluster = {
    port,
    dir,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    tool: pg,
    data,
    start: async () => {
      await pg('pg_ctl', ['start', '-D', data, '-l', log, '-w', '-t', '30', '-o', options]);
      up = true;
    },
    stop: async (mode = 'fast') => {
      await pg('pg_ctl', ['stop', '-D', data, '-m', mode, '-w', '-t', '30']);
      up = false;
    },
    dispose: async () => {
      // `up` may be stale when a failed test left a stop or start running; the PID file tells.
      if (up || existsSync(pidFile)) {
        await cluster.stop('immediate').catch((error: unknown) => {
          // Still running: the directory stays for the exit hook to try again.
          if (existsSync(pidFile)) throw error;
        });
      }
      rmSync(dir, { recursive: true, force: true });
      running.delete(stopNow);
    },
  };
  try {
    await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C']);
    await cluster.start();
  } catch (error) {
    await cluster.dispose().catch(() => {});
    throw error;
  }
  return cluster;
}
