import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import { invalidInput, notFound } from '../errors.js';
import { EMAIL } from '../operators/operators-service.js';
import { readDuration, readTimeOfDay, timeOfDayText } from './alert-durations.js';
import {
  ALERT_KINDS,
  type AlertKind,
  DEFAULT_SUMMARY_AT,
  KIND_RULES,
  MORNING_SUMMARY,
  NOTIFICATION_KINDS,
} from './alert-kinds.js';
import {
  type AlertKindSetting,
  type AlertSettingsChange,
  type BankAlertSetting,
  type NotificationChoices,
  WEEKDAYS,
} from './alert-settings-schemas.js';
import type { AlertSettingsStore } from './alert-settings-store.js';
import { type BankSettings, bankView, effectiveBank, settingView } from './alert-settings-views.js';

/** One kind's settings as the evaluation reads them. */
export interface KindSetting {
  enabled: boolean;
  threshold: number | null;
  recipients: string[];
}

export interface EffectiveSettings {
  kinds: Record<AlertKind, KindSetting>;
  morningSummary: KindSetting & { threshold: number };
  banks: BankSettings[];
}

function readRecipients(recipients: readonly string[] | undefined): string[] {
  const read = (recipients ?? []).map((typed) => typed.trim().normalize('NFC'));
  for (const email of read)
    if (!EMAIL.test(email)) throw invalidInput('recipients', `${email} is not an email address`);
  return [...new Set(read)];
}

/** What admins set for alerts and the morning summary, each bank's hours, and each operator's choices. */
export function createAlertSettingsService({
  alertSettingsStore,
  auditStore,
  transact,
  clock,
}: AuditedChanges & { alertSettingsStore: AlertSettingsStore }) {
  async function effective(): Promise<EffectiveSettings> {
    const rows = new Map((await alertSettingsStore.all()).map((row) => [row.kind, row]));
    const kindOf = (kind: AlertKind): KindSetting => {
      const row = rows.get(kind);
      return row
        ? {
            enabled: row.enabled,
            threshold: row.threshold ?? KIND_RULES[kind].defaultThreshold,
            recipients: row.recipients,
          }
        : { enabled: true, threshold: KIND_RULES[kind].defaultThreshold, recipients: [] };
    };
    const kinds = Object.fromEntries(ALERT_KINDS.map((kind) => [kind, kindOf(kind)])) as Record<AlertKind, KindSetting>;
    const summary = rows.get(MORNING_SUMMARY);
    const defaultSilence = kinds.bank_silent.threshold ?? KIND_RULES.bank_silent.defaultThreshold ?? 0;
    return {
      kinds,
      morningSummary: {
        enabled: summary?.enabled ?? true,
        threshold: summary?.threshold ?? DEFAULT_SUMMARY_AT,
        recipients: summary?.recipients ?? [],
      },
      banks: (await alertSettingsStore.banks()).map((row) => effectiveBank(row, defaultSilence)),
    };
  }

  /** A kind's threshold from what was sent, in the unit of the kind. */
  function thresholdOf(item: AlertKindSetting, index: number): number | null {
    const { unit, defaultThreshold } = KIND_RULES[item.kind];
    if (unit === 'minutes')
      return item.after == null ? defaultThreshold : readDuration(`alerts[${index}].after`, item.after);
    if (unit === 'count') return item.count ?? defaultThreshold;
    return null;
  }

  async function choices(operatorId: string): Promise<NotificationChoices> {
    const chosen = new Set(await alertSettingsStore.choices(operatorId));
    return {
      alerts: NOTIFICATION_KINDS.filter((kind) => chosen.has(kind)),
      morningSummary: chosen.has(MORNING_SUMMARY),
    };
  }

  return {
    effective,

    async view() {
      const settings = await effective();
      return {
        alerts: ALERT_KINDS.map((kind) => settingView(kind, settings.kinds[kind])),
        morningSummary: {
          enabled: settings.morningSummary.enabled,
          at: timeOfDayText(settings.morningSummary.threshold),
          recipients: settings.morningSummary.recipients,
        },
        banks: settings.banks.map(bankView),
      };
    },

    async change(change: AlertSettingsChange, actor: Actor) {
      const now = clock.now();
      const alerts = change.alerts ?? [];
      const rows = alerts.map((item, index) => ({
        kind: item.kind,
        enabled: item.enabled,
        threshold: thresholdOf(item, index),
        recipients: readRecipients(item.recipients),
        updated_at: now,
      }));
      if (new Set(rows.map((row) => row.kind)).size < rows.length) throw invalidInput('alerts', 'names a kind twice');
      const summary = change.morningSummary && {
        kind: MORNING_SUMMARY,
        enabled: change.morningSummary.enabled,
        threshold: readTimeOfDay('morningSummary.at', change.morningSummary.at),
        recipients: readRecipients(change.morningSummary.recipients),
        updated_at: now,
      };
      await transact(async (tx) => {
        for (const row of summary ? [...rows, summary] : rows) await alertSettingsStore.put(row, tx);
        const kinds = [...rows.map((row) => row.kind), ...(summary ? [MORNING_SUMMARY] : [])];
        await auditStore.record('alerts.settings_changed', 'alerts', actor, { kinds }, tx);
      });
    },

    async changeBank(clientId: string, input: BankAlertSetting, actor: Actor) {
      const bank = (await alertSettingsStore.banks()).find((row) => row.client_id === clientId);
      if (!bank) throw notFound.client(clientId);
      const from = readTimeOfDay('workingFrom', input.workingFrom);
      const until = readTimeOfDay('workingUntil', input.workingUntil);
      if (until <= from) throw invalidInput('workingUntil', `must be after workingFrom (${input.workingFrom})`);
      const row = {
        client_id: clientId,
        silence_alert: input.silenceAlert,
        silent_after_minutes: input.silentAfter === null ? null : readDuration('silentAfter', input.silentAfter),
        working_days: [...new Set(input.workingDays.map((day) => WEEKDAYS.indexOf(day) + 1))].sort(),
        working_from: timeOfDayText(from),
        working_until: timeOfDayText(until),
        updated_at: clock.now(),
      };
      await transact(async (tx) => {
        await alertSettingsStore.putBank(row, tx);
        await auditStore.record('alerts.bank_settings_changed', clientId, actor, { bank: bank.name, ...input }, tx);
      });
    },

    choices,

    async choose(operatorId: string, chosen: NotificationChoices, actor: Actor): Promise<NotificationChoices> {
      const kinds = [...new Set(chosen.alerts), ...(chosen.morningSummary ? [MORNING_SUMMARY] : [])];
      await transact(async (tx) => {
        await alertSettingsStore.setChoices(operatorId, kinds, tx);
        await auditStore.record('operator.notifications_changed', operatorId, actor, { kinds }, tx);
      });
      return choices(operatorId);
    },
  };
}

export type AlertSettingsService = ReturnType<typeof createAlertSettingsService>;
