// What `npm run bench` found, as a table or as JSON.
import type { Figures } from './load.js';
import type { SandboxFigures } from './sandbox.js';
import type { SiegeFigures } from './siege.js';
import { meanRate, type WebhookFigures } from './webhooks.js';

export interface RouteResult {
  route: string;
  service: Figures;
  ceiling: Figures;
  /** The service's accepted requests per second over the ceiling's */
  ratio: number;
}

export interface Report {
  database: 'pglite' | 'postgres';
  databaseLabel: string;
  serviceRunAs: string;
  scale: boolean;
  members: number;
  earlierPayments: number;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  machine: { cores: number; loadAverageAtStart: number };
  setupSeconds: Record<string, number>;
  routes: RouteResult[];
  webhooks?: WebhookFigures;
  siege?: SiegeFigures;
  sandbox?: SandboxFigures;
  /** VmHWM of the service process */
  serviceMemoryMb: { firstStart: number; afterStart: number; underLoad: number; includingSetup: number };
}

export const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : '-';

const targets = ({ service, ceiling }: RouteResult) => [['service', service] as const, ['ceiling', ceiling] as const];

/** The reasons not to trust the run: a route where nothing was accepted, or a 2xx body that was wrong. */
export function problems(report: Report): string[] {
  const webhookRuns = report.webhooks ? [...report.webhooks.withEndpoint, ...report.webhooks.withoutEndpoint] : [];
  const webhookProblems = webhookRuns
    .filter((run) => run.accepted === 0 || run.wrongBodies > 0)
    .map((run) => `payments in the webhooks' part: ${run.accepted} accepted, ${run.wrongBodies} wrong bodies`);
  return webhookProblems.concat(
    report.routes.flatMap((result) =>
      targets(result)
        .filter(([, figures]) => figures.accepted === 0 || figures.wrongBodies > 0)
        .map(
          ([target, f]) =>
            `${result.route} on the ${target}: ${f.accepted} accepted, ${f.wrongBodies} wrong bodies: ${f.firstProblem ?? ''}`,
        ),
    ),
  );
}

const rates = (runs: readonly Figures[]) => runs.map((run) => fmt(run.requestsPerSecond)).join(', ');

function printWebhooks(webhooks: WebhookFigures): void {
  // Latency and CPU of the last load with the endpoint; errors of every load with it.
  const p = webhooks.withEndpoint.at(-1);
  if (!p) return;
  const errors = webhooks.withEndpoint.reduce((sum, run) => sum + run.errors, 0);
  console.log(
    `\nwebhooks, one endpoint subscribed to payment.accepted (a receiver on localhost answering 204), ` +
      `${fmt(p.seconds)} s per load:\n` +
      `  POST /bank/v1/payments  ${fmt(meanRate(webhooks.withEndpoint))} req/s with it (${rates(webhooks.withEndpoint)}), ` +
      `${fmt(webhooks.ratio * 100)} % of ${fmt(meanRate(webhooks.withoutEndpoint))} req/s with it disabled ` +
      `(${rates(webhooks.withoutEndpoint)}, in turn); with it p50 ${fmt(p.p50Ms, 1)} ms, p99 ${fmt(p.p99Ms, 1)} ms, ` +
      `${fmt(errors)} errors${p.serverCpu === undefined ? '' : `, service CPU ${fmt(p.serverCpu * 100)} %`}\n` +
      `  delivered during that load: ${fmt(webhooks.deliveredDuringLoadPerSecond)} events/s; ` +
      `${fmt(webhooks.backlogAtLoadEnd)} left when it ended, delivered in ${fmt(webhooks.drainSeconds, 1)} s ` +
      `(${fmt(webhooks.drainedPerSecond)} events/s)\n` +
      `  the receiver got ${fmt(webhooks.delivered)} deliveries, ${fmt(webhooks.repeated)} of them a webhook-id again`,
  );
}

function printSandbox({ clients, testPayments, before, after }: SandboxFigures): void {
  const line = (route: string, was: Figures[], now: Figures[]) =>
    `  ${route}  ${fmt(meanRate(now))} req/s (${rates(now)}), p99 ${now.map((f) => fmt(f.p99Ms, 1)).join(', ')} ms; ` +
    `before: ${fmt(meanRate(was))} req/s (${rates(was)}), p99 ${was.map((f) => fmt(f.p99Ms, 1)).join(', ')} ms ` +
    `(${fmt((meanRate(now) / meanRate(was)) * 100)} %)`;
  console.log(
    `\nthe live bank calls with ${fmt(clients)} sandbox clients and ${fmt(testPayments)} test payments present:\n` +
      `${line('POST /bank/v1/validate', before.validate, after.validate)}\n` +
      line('POST /bank/v1/payments', before.payments, after.payments),
  );
}

function printSiege(siege: SiegeFigures, unbesieged: Figures | undefined): void {
  const { silent, signIns } = siege;
  const figures = (f: Figures) =>
    `${fmt(f.requestsPerSecond)} req/s, p50 ${fmt(f.p50Ms, 1)} ms, p99 ${fmt(f.p99Ms, 1)} ms, ${fmt(f.errors)} errors`;
  console.log(
    `\nunder siege: ${fmt(silent.heldAtStart)} of ${fmt(silent.wanted)} silent connections held from ten /24s ` +
      `(${fmt(silent.heldAtEnd)} at the end; ${fmt(silent.reopened)} reopened after the service closed them):\n` +
      `  POST /bank/v1/validate  ${figures(siege.validateSilentOnly)} with the silent connections alone\n` +
      `  POST /bank/v1/validate  ${figures(siege.validate)} with ${signIns.atOnce} sign-ins at a time too\n` +
      (unbesieged ? `  POST /bank/v1/validate  ${figures(unbesieged)} in its own phase\n` : '') +
      `  POST /admin/v1/session  ${fmt(signIns.answered)} signed in, p50 ${fmt(signIns.p50Ms)} ms, p99 ${fmt(signIns.p99Ms)} ms; ` +
      `${fmt(signIns.failed)} not (answers ${JSON.stringify(signIns.statuses)})`,
  );
}

export function printTable(report: Report): void {
  const header = ['route', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'ceiling req/s', 'ratio', 'service CPU'];
  const rows = report.routes.map(({ route, service: s, ceiling: c, ratio }) => [
    route,
    fmt(s.requestsPerSecond),
    fmt(s.p50Ms, 1),
    fmt(s.p99Ms, 1),
    fmt(s.errors),
    fmt(c.requestsPerSecond),
    fmt(ratio, 2),
    s.serverCpu === undefined ? '-' : `${fmt(s.serverCpu * 100)} %`,
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  const scale =
    report.earlierPayments > 0
      ? `${fmt(report.members)} members, ${fmt(report.earlierPayments)} earlier payments`
      : `${fmt(report.members)} members`;
  const { cores, loadAverageAtStart } = report.machine;

  console.log(`\nservice: ${report.serviceRunAs}`);
  console.log(
    `machine: ${cores} cores shared by the service, the ceiling and the load generator; load average ${fmt(loadAverageAtStart, 2)} at start`,
  );
  console.log(
    `${report.databaseLabel}; ${scale}; ${report.connections} connections, ` +
      `${fmt(report.durationSeconds, 1)} s per route after ${fmt(report.warmupSeconds, 1)} s warm-up\n`,
  );
  console.log(line(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of rows) console.log(line(row));
  for (const result of report.routes) {
    for (const [target, figures] of targets(result)) {
      if (figures.errors === 0) continue;
      console.log(
        `  ${result.route} on the ${target}: answers ${JSON.stringify(figures.statusCodes)}; first problem: ${figures.firstProblem ?? 'connection errors'}`,
      );
    }
  }
  console.log('service CPU: what the service process used during the measured run (100 % = one core busy throughout)');
  if (report.sandbox) printSandbox(report.sandbox);
  if (report.webhooks) printWebhooks(report.webhooks);
  const validate = report.routes.find(({ route }) => route.includes('validate'))?.service;
  if (report.siege) printSiege(report.siege, validate);
  const memory = report.serviceMemoryMb;
  console.log(
    `\nservice peak memory (VmHWM): ${fmt(memory.underLoad)} MB under load; ${fmt(memory.includingSetup)} MB from start to end ` +
      `(${fmt(memory.afterStart)} MB once ready); the first start on the new database: ${fmt(memory.firstStart)} MB`,
  );
  if (report.database === 'pglite') console.log('(PGlite runs inside the service process: these include the database)');
  const setup = Object.entries(report.setupSeconds).map(([step, seconds]) => `${step} ${fmt(seconds, 1)} s`);
  if (setup.length > 0) console.log(`setup: ${setup.join(', ')}`);
}
