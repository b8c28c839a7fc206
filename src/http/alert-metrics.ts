import { Gauge, type Registry } from 'prom-client';
import { ALERT_KINDS } from '../alerts/alert-kinds.js';

export interface AlertStats {
  openCounts(): Promise<Map<string, number>>;
}

/** The alerts open now, per kind: every kind has a series, 0 when none is open. */
export function registerAlertMetrics(registry: Registry, stats: AlertStats): void {
  new Gauge({
    name: 'bis_alerts_open',
    help: 'Alerts open now (raised, their condition not gone yet), by kind',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      // With the database away the last values stand, as the webhook queue's do.
      const counts = await stats.openCounts().catch(() => undefined);
      if (!counts) return;
      for (const kind of ALERT_KINDS) this.set({ kind }, counts.get(kind) ?? 0);
    },
  });
}
