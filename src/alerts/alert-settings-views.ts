import { durationText, timeOfDayText } from './alert-durations.js';
import { type AlertKind, KIND_RULES } from './alert-kinds.js';
import { WEEKDAYS } from './alert-settings-schemas.js';
import { DEFAULT_WORKING_HOURS, type WorkingHours } from './working-hours.js';

/** A bank as the silence alert reads it: its own settings, or the defaults. */
export interface BankSettings {
  clientId: string;
  name: string;
  lastCalledAt: Date | null;
  silenceAlert: boolean;
  /** Its own threshold in minutes; null: the kind's. */
  ownSilentAfter: number | null;
  silentAfter: number;
  hours: WorkingHours;
}

export interface BankRow {
  client_id: string;
  name: string;
  last_called_at: Date | null;
  silence_alert: boolean | null;
  silent_after_minutes: number | null;
  working_days: number[] | null;
  working_from: string | null;
  working_until: string | null;
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export function effectiveBank(row: BankRow, defaultSilentAfter: number): BankSettings {
  return {
    clientId: row.client_id,
    name: row.name,
    lastCalledAt: row.last_called_at,
    silenceAlert: row.silence_alert ?? true,
    ownSilentAfter: row.silent_after_minutes,
    silentAfter: row.silent_after_minutes ?? defaultSilentAfter,
    hours:
      row.working_days && row.working_from && row.working_until
        ? { days: row.working_days, from: minutesOf(row.working_from), until: minutesOf(row.working_until) }
        : DEFAULT_WORKING_HOURS,
  };
}

export const bankView = (bank: BankSettings) => ({
  clientId: bank.clientId,
  name: bank.name,
  lastCalledAt: bank.lastCalledAt,
  silenceAlert: bank.silenceAlert,
  silentAfter: bank.ownSilentAfter === null ? null : durationText(bank.ownSilentAfter),
  workingDays: bank.hours.days.map((day) => WEEKDAYS[day - 1] ?? 'mon'),
  workingFrom: timeOfDayText(bank.hours.from),
  workingUntil: timeOfDayText(bank.hours.until),
});

export function settingView(
  kind: AlertKind,
  setting: { enabled: boolean; threshold: number | null; recipients: string[] },
) {
  const { unit } = KIND_RULES[kind];
  return {
    kind,
    enabled: setting.enabled,
    after: unit === 'minutes' && setting.threshold !== null ? durationText(setting.threshold) : null,
    count: unit === 'count' ? setting.threshold : null,
    recipients: setting.recipients,
  };
}
