/**
 * Every kind of alert, the one list the admin API's schemas, the settings, the operators' choices
 * and the metrics take. What each measures its threshold in, and its default:
 * - held_payment: a bank's payment held longer than this (minutes);
 * - bank_silent: a bank silent this long within its working hours (minutes; each bank may set its own);
 * - webhook_failing: a webhook endpoint failing every delivery this long (minutes);
 * - webhook_disabled: an endpoint the deliveries turned off (a 410, five days of failures);
 * - reconciliation: a run with statement lines never notified, or of another amount;
 * - held_burst: this many new references held from one bank within an hour (a count);
 * - new_sign_in_address: an admin signed in from an address they never signed in from (told to that admin).
 */
export const ALERT_KINDS = [
  'held_payment',
  'bank_silent',
  'webhook_failing',
  'webhook_disabled',
  'reconciliation',
  'held_burst',
  'new_sign_in_address',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What a kind's threshold is: a duration in minutes, a count, or none. */
export type ThresholdUnit = 'minutes' | 'count' | 'none';

export interface KindRules {
  unit: ThresholdUnit;
  /** The threshold until an admin sets one. */
  defaultThreshold: number | null;
  /** An email says so when the condition clears, not only the list. */
  emailOnClear: boolean;
  /** Told to the settings' addresses and the operators who chose it; else only to the admin concerned. */
  toRecipients: boolean;
}

export const KIND_RULES: Record<AlertKind, KindRules> = {
  held_payment: { unit: 'minutes', defaultThreshold: 4 * 60, emailOnClear: false, toRecipients: true },
  bank_silent: { unit: 'minutes', defaultThreshold: 3 * 60, emailOnClear: true, toRecipients: true },
  webhook_failing: { unit: 'minutes', defaultThreshold: 30, emailOnClear: true, toRecipients: true },
  webhook_disabled: { unit: 'none', defaultThreshold: null, emailOnClear: false, toRecipients: true },
  reconciliation: { unit: 'none', defaultThreshold: null, emailOnClear: false, toRecipients: true },
  held_burst: { unit: 'count', defaultThreshold: 20, emailOnClear: false, toRecipients: true },
  new_sign_in_address: { unit: 'none', defaultThreshold: null, emailOnClear: false, toRecipients: false },
};

/** The emails an operator may choose to get: every kind told to a list, and the morning summary. */
export type NotificationKind = Exclude<AlertKind, 'new_sign_in_address'>;
export const NOTIFICATION_KINDS: readonly NotificationKind[] = ALERT_KINDS.filter(
  (kind): kind is NotificationKind => KIND_RULES[kind].toRecipients,
);

export const MORNING_SUMMARY = 'morning_summary';
/** 07:00 in BIS_TIME_ZONE, as minutes of the day. */
export const DEFAULT_SUMMARY_AT = 7 * 60;
