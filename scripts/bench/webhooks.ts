// The webhooks' part of `npm run bench`: the payments route again with one endpoint subscribed to
// payment.accepted (a receiver on localhost), then how fast the service delivers what piled up.
import { type Figures, type LoadOptions, measure, type RouteLoad } from './load.js';
import { type Server, startReceiver, type Track } from './processes.js';
import { call } from './setup.js';

export interface WebhookFigures {
  /** The payments route with the endpoint subscribed, in the order measured */
  withEndpoint: Figures[];
  /** The route with the endpoint disabled: before, between and after the loads with it */
  withoutEndpoint: Figures[];
  /** The mean accepted requests per second with it over the mean without */
  ratio: number;
  /** Messages delivered during the loads with the endpoint, per second (their warm-ups included) */
  deliveredDuringLoadPerSecond: number;
  /** Messages still to deliver when the last load with the endpoint ended */
  backlogAtLoadEnd: number;
  /** From the end of that load until nothing was left to deliver */
  drainSeconds: number;
  /** Messages delivered per second while the backlog drained, with no other load */
  drainedPerSecond: number;
  /** Every message the receiver got, and how many of those repeated a webhook-id */
  delivered: number;
  repeated: number;
}

interface Setup {
  serviceUrl: string;
  adminToken: string;
  pay: RouteLoad;
  options: LoadOptions;
  track: Track;
  progress: (message: string) => void;
}

async function received(receiver: Server): Promise<{ requests: number; distinct: number }> {
  return (await fetch(`${receiver.url}/count`)).json() as Promise<{ requests: number; distinct: number }>;
}

/** Messages not yet delivered, from the service's own metrics. */
async function pending(serviceUrl: string, adminToken: string): Promise<number> {
  const metrics = await fetch(`${serviceUrl}/metrics`, { headers: { authorization: `Bearer ${adminToken}` } });
  const text = await metrics.text();
  const match = /^bis_webhook_queue\{measure="pending"\} (\d+)/m.exec(text);
  if (!match) throw new Error('the service reports no bis_webhook_queue{measure="pending"} in /metrics');
  return Number(match[1]);
}

const adminCall = (serviceUrl: string, adminToken: string, method: string, path: string, body: unknown) =>
  call(serviceUrl, adminToken, method, `/admin/v1${path}`, body) as Promise<{ webhookId: string }>;

/**
 * Each of the three loads lasts at least this long: the ratio compares runs a minute apart, and in
 * 5 s runs the machine's own noise (±15 % between two runs of the same code) hides a 10 % cost.
 */
const MIN_SECONDS = 10;
/** Loads with the endpoint; one more without it. Three: the means of two still moved by ±5 %. */
const ROUNDS = 3;
/** How often the drain asks the service what is left: each answer counts the queue, which costs. */
const DRAIN_POLL_MS = 500;

export const meanRate = (runs: readonly Figures[]) =>
  runs.reduce((sum, run) => sum + run.requestsPerSecond, 0) / runs.length;

export async function benchWebhooks(setup: Setup): Promise<WebhookFigures> {
  const { serviceUrl, adminToken, pay, track, progress } = setup;
  const options = { ...setup.options, duration: Math.max(setup.options.duration, MIN_SECONDS) };
  const receiver = await startReceiver(track);
  let webhookId = '';
  const endpoint = (body: unknown) => adminCall(serviceUrl, adminToken, 'PATCH', `/webhooks/${webhookId}`, body);
  try {
    ({ webhookId } = await adminCall(serviceUrl, adminToken, 'POST', '/webhooks', {
      url: `${receiver.url}/erp`,
      internal: true,
      events: ['payment.accepted'],
      description: 'npm run bench',
    }));
    // The route's throughput drifts over a run (the tables grow, the database's statistics catch
    // up) and the machine adds its own noise: loads with the endpoint alternate with loads without
    // (the endpoint disabled), without first and last, and the means are compared.
    const withoutEndpoint: Figures[] = [];
    const withEndpoint: Figures[] = [];
    let loadSeconds = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      await endpoint({ enabled: false });
      progress(`${pay.name}: service, the webhook endpoint disabled (${round + 1} of ${ROUNDS + 1})`);
      withoutEndpoint.push(await measure(serviceUrl, pay, options));
      await endpoint({ enabled: true });
      progress(`${pay.name}: service, one webhook endpoint subscribed (${round + 1} of ${ROUNDS}; ${receiver.url})`);
      const started = performance.now();
      withEndpoint.push(await measure(serviceUrl, pay, options));
      loadSeconds += (performance.now() - started) / 1000;
    }
    const atLoadEnd = await received(receiver);
    const backlogAtLoadEnd = await pending(serviceUrl, adminToken);
    progress(`webhooks: ${backlogAtLoadEnd} messages left to deliver when the load ended; draining`);
    const drainStarted = performance.now();
    for (let left = backlogAtLoadEnd; left > 0; left = await pending(serviceUrl, adminToken)) {
      if (performance.now() - drainStarted > 300_000)
        throw new Error(`webhooks: ${left} messages undelivered after 5 minutes`);
      await new Promise((resolve) => setTimeout(resolve, DRAIN_POLL_MS));
    }
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const atEnd = await received(receiver);
    await endpoint({ enabled: false });
    progress(`${pay.name}: service, the webhook endpoint disabled (${ROUNDS + 1} of ${ROUNDS + 1})`);
    withoutEndpoint.push(await measure(serviceUrl, pay, options));
    return {
      withEndpoint,
      withoutEndpoint,
      ratio: meanRate(withEndpoint) / meanRate(withoutEndpoint),
      // The loads without the endpoint sent nothing: it was disabled, and its messages waited.
      deliveredDuringLoadPerSecond: atLoadEnd.requests / loadSeconds,
      backlogAtLoadEnd,
      drainSeconds,
      drainedPerSecond: (atEnd.requests - atLoadEnd.requests) / drainSeconds,
      delivered: atEnd.requests,
      repeated: atEnd.requests - atEnd.distinct,
    };
  } finally {
    await receiver.stop();
  }
}
