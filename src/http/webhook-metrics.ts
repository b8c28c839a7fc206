import { Gauge, type Registry } from 'prom-client';
import { attemptsCounter } from './attempts-counter.js';

export interface WebhookStats {
  attempts(): Record<string, number>;
  backlog(): Promise<{ pending: number; oldestSeconds: number }>;
}

/** The webhooks' health: attempts by how they ended, and what waits to be delivered. */
export function registerWebhookMetrics(registry: Registry, stats: WebhookStats): void {
  attemptsCounter(
    registry,
    'bis_webhook_attempts_total',
    'Webhook delivery attempts by this instance, by outcome: delivered, retrying (failed, tried again later) or failed (for good)',
    stats.attempts,
  );
  new Gauge({
    name: 'bis_webhook_queue',
    help: 'Webhook messages not yet delivered (pending), and the age in seconds of the oldest (oldest_seconds)',
    labelNames: ['measure'],
    registers: [registry],
    async collect() {
      // With the database away the last values stand: /metrics still answers, and says so elsewhere.
      const backlog = await stats.backlog().catch(() => undefined);
      if (!backlog) return;
      this.set({ measure: 'pending' }, backlog.pending);
      this.set({ measure: 'oldest_seconds' }, backlog.oldestSeconds);
    },
  });
}
