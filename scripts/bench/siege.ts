// validate under siege: the bank's validate loaded as in its own phase while 1,000 connections that
// send nothing are held from ten /24s of the loopback range (127.0.1.1 ... 127.0.10.1, 100 each;
// each one the service closes is opened again a second later, as an attacker would) and 40
// operators sign in at once, in a loop, each from an address of its own (each sign-in hashes a
// password, unless the service refuses it first).
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { type Figures, type LoadOptions, measure, type RouteLoad } from './load.js';
import { addOperator } from './setup.js';

const NETWORKS = 10;
const PER_NETWORK = 100;
const SIGN_INS_AT_ONCE = 40;
const RECONNECT_MS = 1_000;

export interface SiegeFigures {
  silent: { wanted: number; heldAtStart: number; heldAtEnd: number; reopened: number };
  signIns: {
    atOnce: number;
    answered: number;
    failed: number;
    statuses: Record<string, number>;
    p50Ms: number;
    p99Ms: number;
  };
  /** validate with the silent connections alone, then with the sign-ins too: which of the two costs what. */
  validateSilentOnly: Figures;
  validate: Figures;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** 1,000 silent connections, held until `stop`: one closed by the service is opened again after RECONNECT_MS. */
function holdSilent(url: string) {
  const port = Number(new URL(url).port);
  const open = new Set<Socket>();
  let stopping = false;
  let reopened = 0;
  const hold = (from: string) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from });
    socket.on('error', () => {});
    socket.on('connect', () => open.add(socket));
    socket.on('close', () => {
      open.delete(socket);
      if (stopping) return;
      reopened++;
      setTimeout(() => stopping || hold(from), RECONNECT_MS).unref();
    });
  };
  for (let network = 1; network <= NETWORKS; network++) {
    for (let i = 0; i < PER_NETWORK; i++) hold(`127.0.${network}.1`);
  }
  return {
    held: () => open.size,
    reopened: () => reopened,
    stop() {
      stopping = true;
      for (const socket of open) socket.destroy();
    },
  };
}

/** One sign-in from `agent`'s address: the status, or undefined when the connection failed. */
function signIn(url: URL, agent: Agent, body: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const sent = request(
      { host: url.hostname, port: url.port, path: '/admin/v1/session', method: 'POST', agent },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode));
        answer.on('error', () => resolve(undefined));
      },
    );
    sent.on('error', () => resolve(undefined));
    sent.setHeader('content-type', 'application/json');
    sent.end(body);
  });
}

/**
 * SIGN_INS_AT_ONCE operators each signing in again and again, each from an address of its own
 * (127.0.100.N), until `stop`: every sign-in reaches the password check, as a crowd's would.
 */
function signInLoop(url: string, operators: { email: string; password: string }[]) {
  const target = new URL(url);
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let failed = 0;
  let stopping = false;
  const agents: Agent[] = [];
  const one = async ({ email, password }: { email: string; password: string }, i: number) => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.100.${i + 1}` });
    agents.push(agent);
    const body = JSON.stringify({ email, password });
    while (!stopping) {
      const started = performance.now();
      const status = await signIn(target, agent, body);
      if (status !== undefined) statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 200) latencies.push(performance.now() - started);
      else failed++;
    }
  };
  const loops = operators.map(one);
  return {
    async stop(): Promise<SiegeFigures['signIns']> {
      stopping = true;
      await Promise.all(loops);
      for (const agent of agents) agent.destroy();
      const sorted = latencies.sort((a, b) => a - b);
      const p50Ms = percentile(sorted, 50);
      return {
        atOnce: operators.length,
        answered: sorted.length,
        failed,
        statuses,
        p50Ms,
        p99Ms: percentile(sorted, 99),
      };
    },
  };
}

export async function benchUnderSiege(setup: {
  serviceUrl: string;
  adminToken: string;
  validate: RouteLoad;
  options: LoadOptions;
  progress: (message: string) => void;
}): Promise<SiegeFigures> {
  const { serviceUrl, adminToken, validate, options, progress } = setup;
  const password = 'a long bench password, 42 horses';
  const operators = [];
  for (let i = 0; i < SIGN_INS_AT_ONCE; i++) {
    operators.push({ email: await addOperator(serviceUrl, adminToken, 'viewer', password), password });
  }
  const silent = holdSilent(serviceUrl);
  let signIns: ReturnType<typeof signInLoop> | undefined;
  try {
    const wanted = NETWORKS * PER_NETWORK;
    for (let waited = 0; silent.held() < wanted && waited < 5_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const heldAtStart = silent.held();
    progress(`under siege: ${heldAtStart} silent connections held; validate`);
    const validateSilentOnly = await measure(serviceUrl, validate, options);
    progress(`under siege: the silent connections and ${SIGN_INS_AT_ONCE} sign-ins at a time; validate`);
    signIns = signInLoop(serviceUrl, operators);
    const figures = await measure(serviceUrl, validate, options);
    const heldAtEnd = silent.held();
    return {
      silent: { wanted, heldAtStart, heldAtEnd, reopened: silent.reopened() },
      signIns: await signIns.stop(),
      validateSilentOnly,
      validate: figures,
    };
  } finally {
    await signIns?.stop();
    silent.stop();
  }
}
