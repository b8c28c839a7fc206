import { Counter, Gauge, type Registry } from 'prom-client';
import { attemptsCounter } from './attempts-counter.js';

export interface EmailStats {
  attempts(): Record<string, number>;
  totals(): Promise<{ pending: number; sent: number; failed: number; oldestPendingSeconds: number }>;
}

/** Email's health: what the outbox holds, from the database (every instance's), and this instance's attempts. */
export function registerEmailMetrics(registry: Registry, stats: EmailStats): void {
  let totals: Awaited<ReturnType<EmailStats['totals']>> | undefined;
  // With the database away the last values stand: /metrics still answers, and says so elsewhere.
  const read = async () => {
    totals = (await stats.totals().catch(() => undefined)) ?? totals;
    return totals;
  };
  new Counter({
    name: 'bis_emails_total',
    help: 'Emails by what became of them, every instance counted: queued (all ever written to the outbox), sent, failed (for good)',
    labelNames: ['outcome'],
    registers: [registry],
    async collect() {
      const now = await read();
      if (!now) return;
      this.reset();
      this.inc({ outcome: 'queued' }, now.pending + now.sent + now.failed);
      this.inc({ outcome: 'sent' }, now.sent);
      this.inc({ outcome: 'failed' }, now.failed);
    },
  });
  new Gauge({
    name: 'bis_email_queue',
    help: 'Emails not yet sent (pending), and the age in seconds of the oldest (oldest_seconds)',
    labelNames: ['measure'],
    registers: [registry],
    async collect() {
      const now = await read();
      if (!now) return;
      this.set({ measure: 'pending' }, now.pending);
      this.set({ measure: 'oldest_seconds' }, now.oldestPendingSeconds);
    },
  });
  attemptsCounter(
    registry,
    'bis_email_attempts_total',
    'Attempts to send an email by this instance, by outcome: sent, retrying (failed, tried again later) or failed (for good)',
    stats.attempts,
  );
}
