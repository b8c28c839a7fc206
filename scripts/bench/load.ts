// One route under load with autocannon: a warm-up that is not counted, then the measured run.
import autocannon from 'autocannon';

export interface RouteLoad {
  /** 'POST /bank/v1/validate' */
  readonly name: string;
  readonly path: string;
  readonly headers: Record<string, string>;
  /** The body of the next request; a tag, when given, comes back to onAccepted with a 2xx answer. */
  next(): { body: string; tag?: string };
  /** Whether a 2xx answer's body is what the route answers when it works. */
  expected(body: unknown): boolean;
  onAccepted?(tag: string): void;
}

export interface Figures {
  /** 2xx answers per second */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx answers, connection errors and timeouts, and 2xx answers whose body was wrong */
  errors: number;
  accepted: number;
  seconds: number;
  statusCodes: Record<string, number>;
  /** How many 2xx bodies were checked, and how many of those were wrong */
  bodiesChecked: number;
  wrongBodies: number;
  /** The first unexpected answer, to show what went wrong */
  firstProblem?: string | undefined;
  /** CPU the server process used during the measured run, in cores (1 = one core busy throughout) */
  serverCpu?: number | undefined;
}

export interface LoadOptions {
  connections: number;
  /** seconds */
  duration: number;
  /** seconds; 0 for none */
  warmup: number;
  /** The server process's CPU time so far, in seconds, when it can be read */
  cpuSeconds?: (() => number) | undefined;
}

// The first answers of each run are read in full; after that only the status is counted, so
// the check costs the load generator next to nothing.
const BODIES_CHECKED = 100;

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function run(url: string, load: RouteLoad, connections: number, duration: number): Promise<Figures> {
  let bodiesChecked = 0;
  let wrongBodies = 0;
  let firstProblem: string | undefined;
  const instance = autocannon({
    url: `${url}${load.path}`,
    connections,
    duration,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        headers: load.headers,
        setupRequest: (request, context) => {
          const { body, tag } = load.next();
          context.tag = tag;
          return { ...request, body };
        },
        onResponse: (status, body, context) => {
          if (status < 200 || status > 299) {
            firstProblem ??= `${status} ${body.slice(0, 300)}`;
            return;
          }
          if (load.onAccepted && typeof context.tag === 'string') load.onAccepted(context.tag);
          if (bodiesChecked >= BODIES_CHECKED) return;
          bodiesChecked++;
          let parsed: unknown;
          try {
            parsed = JSON.parse(body);
          } catch {
            parsed = undefined;
          }
          if (!load.expected(parsed)) {
            wrongBodies++;
            firstProblem ??= `${status} with an unexpected body: ${body.slice(0, 300)}`;
          }
        },
      },
    ],
  });
  // autocannon's own latency histogram keeps whole milliseconds; these keep the fraction.
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    if (count === latencies.length) {
      const grown = new Float64Array(latencies.length * 2);
      grown.set(latencies);
      latencies = grown;
    }
    latencies[count++] = responseTime;
  });
  const result = await instance;
  const sorted = latencies.subarray(0, count).sort();
  const accepted = result['2xx'];
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count]),
  );
  return {
    requestsPerSecond: accepted / result.duration,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    errors: result.non2xx + result.errors + wrongBodies,
    accepted,
    seconds: result.duration,
    statusCodes,
    bodiesChecked,
    wrongBodies,
    firstProblem,
  };
}

/** Loads the route for `warmup` seconds (not counted), then for `duration` seconds. */
export async function measure(url: string, load: RouteLoad, options: LoadOptions): Promise<Figures> {
  if (options.warmup > 0) await run(url, load, options.connections, options.warmup);
  const cpuBefore = options.cpuSeconds?.();
  const started = performance.now();
  const figures = await run(url, load, options.connections, options.duration);
  if (cpuBefore !== undefined)
    figures.serverCpu = (options.cpuSeconds!() - cpuBefore) / ((performance.now() - started) / 1000);
  return figures;
}
