import { grouped } from '../payments/amount.js';
import type { DailyReportRow } from '../reports/daily-report.js';
import { localDateTime } from '../time-zone.js';
import type { MorningSummaryStore } from './morning-summary-store.js';

type Rows<K extends keyof MorningSummaryStore> = Awaited<ReturnType<MorningSummaryStore[K]>>;

export interface SummaryFacts {
  day: string;
  timeZone: string;
  days: readonly DailyReportRow[];
  held: Rows<'stillHeld'>;
  runs: Rows<'latestRuns'>;
  /** What each run still has open, by its id. */
  openOf: Map<number, number>;
  webhooks: Rows<'webhookHealth'>;
}

const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
const money = (currency: string | null, total: { count: number; sum: string }) =>
  `${total.count} (${currency ?? ''} ${grouped(total.sum)})`.replace('( ', '(');

/** The morning summary's sections, each a heading and its lines, in plain words. */
export function summarySections(facts: SummaryFacts): { heading: string; lines: string[] }[] {
  const local = (at: Date) => localDateTime(at, facts.timeZone);
  const payments = facts.days.map((row) => {
    const parts = [`${money(row.currency, row.accepted)} accepted`, `${money(row.currency, row.held)} held`];
    if (row.returned.count) parts.push(`${money(row.currency, row.returned)} returned`);
    return `${row.clientName ?? row.clientId ?? 'A bank'}, ${row.paymentType ?? ''}: ${parts.join(', ')}`;
  });
  const held = facts.held.map(
    (row) =>
      `${row.name}: ${plural(row.count, 'payment')}, ${row.currency} ${grouped(row.sum)}, the oldest since ${local(row.oldest)}`,
  );
  const runs = facts.runs.map((run) => {
    if (run.id === null || run.created_at === null) return `${run.name}: no statement reconciled yet`;
    const period = run.period_from && run.period_to ? ` for ${run.period_from} to ${run.period_to}` : '';
    const open = facts.openOf.get(Number(run.id)) ?? 0;
    const state = open ? `${plural(open, 'item')} still need someone` : 'nothing left open';
    return `${run.name}: latest statement${period}, reconciled ${local(run.created_at)}; ${state}`;
  });
  const webhooks = facts.webhooks.map((hook) => {
    const address = hook.url.split('?')[0] ?? hook.url;
    const state = !hook.enabled
      ? `stopped${hook.disabled_reason ? ` (${hook.disabled_reason})` : ''}`
      : hook.failing_since
        ? `failing since ${local(hook.failing_since)}`
        : 'delivering';
    return `${address}: ${state}; ${hook.pending} waiting, ${hook.failed} failed for good`;
  });
  return [
    { heading: `Payments on ${facts.day}, by bank and channel`, lines: payments.length ? payments : ['No payments.'] },
    { heading: 'Held now, waiting for finance', lines: held.length ? held : ['Nothing is held.'] },
    { heading: "Each bank's reconciliation", lines: runs.length ? runs : ['No banks.'] },
    { heading: 'Webhooks to the ERP', lines: webhooks.length ? webhooks : ['No webhook endpoints.'] },
  ];
}
