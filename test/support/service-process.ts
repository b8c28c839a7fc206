import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { builtEntries } from './built.js';
import { ADMIN_TOKEN } from './test-app.js';

/** The service as its own process, as `npm start` runs it, for tests that kill it. */
export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
}

export interface StartOptions {
  /** The umask the service starts under, as a shell would set it (e.g. '022'). */
  umask?: string;
}

export async function startService(env: NodeJS.ProcessEnv, options: StartOptions = {}): Promise<ServiceProcess> {
  const node = [process.execPath, (await builtEntries()).service];
  const [file, ...args] = options.umask ? ['/bin/sh', '-c', `umask ${options.umask} && exec "$0" "$@"`, ...node] : node;
  // Port 0 lets the system pick a free port; a port picked here at random can collide with
  // another test's server or with a client connection's ephemeral port.
  const child = spawn(file as string, args, {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', BIS_ADMIN_TOKEN: ADMIN_TOKEN, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`the service exited at start:\n${output}`);
    const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    if (url) {
      try {
        if ((await fetch(`${url}/readyz`)).ok) return { url, child, output: () => output };
      } catch {
        // not answering yet
      }
    }
    // A minute: test files run several at once on a small machine, and a start there can be slow.
    if (attempt > 300) {
      child.kill('SIGKILL');
      throw new Error(`the service did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function stopService(service: ServiceProcess, signal: NodeJS.Signals): Promise<number | null> {
  if (service.child.exitCode !== null) return service.child.exitCode;
  const exited = once(service.child, 'exit');
  service.child.kill(signal);
  const [code] = (await exited) as [number | null];
  return code;
}
