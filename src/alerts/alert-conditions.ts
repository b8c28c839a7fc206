import { localDateTime } from '../time-zone.js';
import { durationText } from './alert-durations.js';
import type { AlertKind } from './alert-kinds.js';
import type { EffectiveSettings } from './alert-settings-service.js';
import type { Condition } from './alerts-store.js';
import type { ConditionsStore } from './conditions-store.js';
import { workingMsBetween } from './working-hours.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What the conditions found, and what to say of a condition that has gone, by its key. */
export interface Found {
  conditions: Condition[];
  cleared: Map<string, string>;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** The address of a webhook endpoint without its query, which may hold the receiver's token. */
const addressOf = (url: string) => url.split('?')[0] ?? url;

/** Every condition that holds now, for the kinds that are on; the evaluation raises and clears alerts from it. */
export async function findConditions(
  store: ConditionsStore,
  settings: EffectiveSettings,
  now: Date,
  timeZone: string,
): Promise<Found> {
  const conditions: Condition[] = [];
  const cleared = new Map<string, string>();
  const on = (kind: AlertKind) => settings.kinds[kind].enabled;
  const threshold = (kind: AlertKind) => settings.kinds[kind].threshold ?? 0;
  const local = (at: Date) => localDateTime(at, timeZone);

  if (on('held_payment')) {
    const after = threshold('held_payment');
    for (const row of await store.heldSince(new Date(now.getTime() - after * MINUTE)))
      conditions.push({
        kind: 'held_payment',
        key: `held_payment:${row.client_id}`,
        subject: row.name,
        message: `${plural(row.count, 'payment')} from ${row.name} held longer than ${durationText(after)}, the oldest since ${local(row.oldest)}`,
      });
  }

  if (on('bank_silent'))
    for (const bank of settings.banks) {
      const key = `bank_silent:${bank.clientId}`;
      if (!bank.silenceAlert) cleared.set(key, `The silence alert of ${bank.name} was turned off`);
      if (!bank.silenceAlert || bank.lastCalledAt === null) continue;
      const silentMs = workingMsBetween(bank.lastCalledAt, now, bank.hours, timeZone);
      if (silentMs >= bank.silentAfter * MINUTE)
        conditions.push({
          kind: 'bank_silent',
          key,
          subject: bank.name,
          message: `${bank.name} has not called since ${local(bank.lastCalledAt)}: ${durationText(Math.floor(silentMs / MINUTE))} of its working hours`,
        });
      else cleared.set(key, `${bank.name} called again at ${local(bank.lastCalledAt)}`);
    }

  const webhooks = on('webhook_failing') || on('webhook_disabled') ? await store.webhooks() : [];
  for (const hook of webhooks) {
    const address = addressOf(hook.url);
    const failingFor = hook.failing_since ? now.getTime() - hook.failing_since.getTime() : 0;
    if (
      on('webhook_failing') &&
      hook.enabled &&
      hook.failing_since &&
      failingFor >= threshold('webhook_failing') * MINUTE
    )
      conditions.push({
        kind: 'webhook_failing',
        key: `webhook_failing:${hook.id}`,
        subject: address,
        message: `Every delivery to the webhook endpoint ${address} has failed since ${local(hook.failing_since)}`,
      });
    // Turned off by the deliveries (a 410, days of failures), not by an operator, who knows.
    if (
      on('webhook_disabled') &&
      !hook.enabled &&
      hook.disabled_reason &&
      hook.disabled_reason !== 'disabled by an operator'
    )
      conditions.push({
        kind: 'webhook_disabled',
        key: `webhook_disabled:${hook.id}`,
        subject: address,
        message: `Deliveries to the webhook endpoint ${address} were stopped: ${hook.disabled_reason}`,
      });
  }

  if (on('reconciliation'))
    for (const run of await store.reconciliationsOpen()) {
      const period = run.period_from && run.period_to ? ` for ${run.period_from} to ${run.period_to}` : '';
      const what = [
        run.missing ? `${plural(run.missing, 'line')} never notified by the bank` : '',
        run.mismatched ? `${plural(run.mismatched, 'line')} of another amount than notified` : '',
      ].filter(Boolean);
      conditions.push({
        kind: 'reconciliation',
        key: `reconciliation:${run.id}`,
        subject: run.name,
        message: `Reconciliation ${run.id} of ${run.name}'s statement${period} has ${what.join(' and ')}`,
      });
    }

  if (on('held_burst')) {
    const least = threshold('held_burst');
    for (const row of await store.heldReferencesSince(new Date(now.getTime() - HOUR), least))
      conditions.push({
        kind: 'held_burst',
        key: `held_burst:${row.client_id}`,
        subject: row.name,
        message: `${row.name} sent ${plural(row.count, 'new reference')} that were held in the last hour (the alert is at ${least})`,
      });
  }
  return { conditions, cleared };
}

/** What an alert says when its condition has gone, unless the evaluation said better. */
export const CLEARED_WORDS: Record<AlertKind, string> = {
  held_payment: 'No payment of this bank is held that long any more',
  bank_silent: 'The bank was disabled, or removed from the banks watched',
  webhook_failing: 'Deliveries to the endpoint succeed again, or it was stopped or removed',
  webhook_disabled: 'Deliveries to the endpoint are on again, or it was removed',
  reconciliation: 'Every line never notified or of another amount is dealt with',
  held_burst: 'Fewer new references held within the last hour',
  new_sign_in_address: 'A notice: nothing to clear',
};
