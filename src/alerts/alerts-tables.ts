import type { ColumnType, Generated } from 'kysely';

/** What an admin set for one kind of alert, or for the morning summary (migration 026). */
export interface AlertSettingsTable {
  kind: string;
  enabled: boolean;
  /** Minutes for a duration, a count for the held references in an hour, the minute of the day for the summary. */
  threshold: number | null;
  recipients: string[];
  updated_at: Date;
}

/** One bank's working hours, in which its silence counts, and its own silence threshold. */
export interface BankAlertSettingsTable {
  client_id: string;
  silence_alert: boolean;
  /** null: the bank_silent kind's threshold. */
  silent_after_minutes: number | null;
  /** ISO weekdays, 1 (Monday) to 7 (Sunday). */
  working_days: number[];
  /** "08:00", local time in BIS_TIME_ZONE. */
  working_from: string;
  working_until: string;
  updated_at: Date;
}

export interface AlertsTable {
  id: Generated<number>;
  kind: string;
  /** What it is about, one open alert a key: "bank_silent:<client id>". */
  condition_key: string;
  /** What it is about, in words: a bank's name, a webhook's address. */
  subject: string;
  message: string;
  raised_at: Date;
  cleared_at: Date | null;
  clear_message: string | null;
}

/** Whom an alert's email went to, when it was raised and when it cleared. */
export interface AlertNoticesTable {
  alert_id: number;
  about: 'raised' | 'cleared';
  recipients: string[];
  at: Date;
}

export interface OperatorNotificationsTable {
  operator_id: string;
  kind: string;
}

export interface MorningSummariesTable {
  day: ColumnType<string, string, never>;
  queued_at: Date;
  recipients: string[];
}

export interface OperatorSignInAddressesTable {
  operator_id: string;
  address: string;
  first_at: Date;
}
