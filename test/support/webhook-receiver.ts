import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./webhook-receiver.mjs', import.meta.url));

export interface Received {
  id: string;
  timestamp: string;
  type: string | null;
  livemode: boolean | null;
  data: Record<string, unknown> | null;
  verified: boolean;
  behaviour: string;
}

/** The receiver process of webhook-receiver.mjs, and how to steer it. */
export interface Receiver {
  url: string;
  setUp(asked: { secrets?: string[]; plan?: string[] }): Promise<void>;
  received(): Promise<Received[]>;
  stop(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const child: ChildProcess = spawn(process.execPath, [SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const [first] = (await once(lines, 'line')) as [string];
  const base = `http://127.0.0.1:${JSON.parse(first).port}`;
  return {
    url: `${base}/hook`,
    async setUp(asked) {
      await fetch(`${base}/__plan`, { method: 'POST', body: JSON.stringify(asked) });
    },
    async received() {
      return (await (await fetch(`${base}/__received`)).json()) as Received[];
    },
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
