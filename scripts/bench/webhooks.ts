// The webhooks' part of `npm run bench`: the payments route again with one endpoint subscribed to
// payment.accepted (a receiver on localhost), then how fast the service delivers what piled up.
import { type Figures, type LoadOptions, measure, type RouteLoad } from './load.js';
import { type Server, startReceiver, type Track } from './processes.js';

export interface WebhookFigures {
  /** The payments route with the endpoint subscribed */
  payments: Figures;
  /** The route just before, the endpoint disabled */
  paymentsBefore: Figures;
  /** The route again after the backlog was delivered, the endpoint disabled */
  paymentsAfter: Figures;
  /** Its accepted requests per second over the mean of the two without, so neither order nor warm-up favours it */
  ratio: number;
  /** Messages delivered during the payments load, per second (the load's warm-up included) */
  deliveredDuringLoadPerSecond: number;
  /** Messages still to deliver when the load ended */
  backlogAtLoadEnd: number;
  /** From the end of the load until nothing was left to deliver */
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
async function pending(serviceUrl: string): Promise<number> {
  const text = await (await fetch(`${serviceUrl}/metrics`)).text();
  const match = /^bis_webhook_queue\{measure="pending"\} (\d+)/m.exec(text);
  if (!match) throw new Error('the service reports no bis_webhook_queue{measure="pending"} in /metrics');
  return Number(match[1]);
}

async function adminCall(serviceUrl: string, adminToken: string, method: string, path: string, body: unknown) {
  const response = await fetch(`${serviceUrl}/admin/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { webhookId: string };
}

export async function benchWebhooks(setup: Setup): Promise<WebhookFigures> {
  const { serviceUrl, adminToken, pay, options, track, progress } = setup;
  const receiver = await startReceiver(track);
  let webhookId = '';
  const endpoint = (body: unknown) => adminCall(serviceUrl, adminToken, 'PATCH', `/webhooks/${webhookId}`, body);
  try {
    ({ webhookId } = await adminCall(serviceUrl, adminToken, 'POST', '/webhooks', {
      url: `${receiver.url}/erp`,
      events: ['payment.accepted'],
      description: 'npm run bench',
    }));
    // The route's throughput drifts over a run (the tables grow, the database's statistics catch
    // up): the measurement with the endpoint sits between two without it, the endpoint disabled.
    await endpoint({ enabled: false });
    progress(`${pay.name}: service, the webhook endpoint disabled`);
    const paymentsBefore = await measure(serviceUrl, pay, options);
    await endpoint({ enabled: true });
    progress(`${pay.name}: service, with one webhook endpoint subscribed (receiver at ${receiver.url})`);
    const started = performance.now();
    const payments = await measure(serviceUrl, pay, options);
    const loadSeconds = (performance.now() - started) / 1000;
    const atLoadEnd = await received(receiver);
    const backlogAtLoadEnd = await pending(serviceUrl);
    progress(`webhooks: ${backlogAtLoadEnd} messages left to deliver when the load ended; draining`);
    const drainStarted = performance.now();
    for (let left = backlogAtLoadEnd; left > 0; left = await pending(serviceUrl)) {
      if (performance.now() - drainStarted > 300_000)
        throw new Error(`webhooks: ${left} messages undelivered after 5 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const drainSeconds = (performance.now() - drainStarted) / 1000;
    const atEnd = await received(receiver);
    await endpoint({ enabled: false });
    progress(`${pay.name}: service, the webhook endpoint disabled again`);
    const paymentsAfter = await measure(serviceUrl, pay, options);
    const without = (paymentsBefore.requestsPerSecond + paymentsAfter.requestsPerSecond) / 2;
    return {
      payments,
      paymentsBefore,
      paymentsAfter,
      ratio: payments.requestsPerSecond / without,
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
