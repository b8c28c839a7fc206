import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import type {
  AlertNoticesTable,
  AlertSettingsTable,
  AlertsTable,
  BankAlertSettingsTable,
  MorningSummariesTable,
  OperatorNotificationsTable,
  OperatorSignInAddressesTable,
} from '../alerts/alerts-tables.js';
import type { AuditAction } from '../audit/audit-actions.js';
import type { EmailOutboxTable } from '../email/email-tables.js';
import type { MemberStatus } from '../member-statuses.js';
import type {
  OperatorInvitesTable,
  OperatorRecoveryCodesTable,
  OperatorSessionsTable,
  OperatorsTable,
  OperatorTokensTable,
} from '../operators/operators-tables.js';
import type {
  ExportFeedBatchesTable,
  ExportFeedsTable,
  PaymentEventsTable,
  PaymentsTable,
} from '../payments/payments-tables.js';
import type {
  ReconciliationLinesTable,
  ReconciliationNotOnStatementTable,
  ReconciliationsTable,
} from '../reconciliation/reconciliation-tables.js';
import type { SandboxPaymentsTable, SandboxValidationsTable } from '../sandbox/sandbox-tables.js';
import type { WebhookAttemptsTable, WebhookEndpointsTable, WebhookMessagesTable } from '../webhooks/webhooks-tables.js';

export type { HeldReason, PaymentStatus, PaymentsTable } from '../payments/payments-tables.js';

export interface ServiceKeysTable {
  name: string;
  value: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

/** When each bank last called the bank API, as the instances saw it (src/clients/bank-calls.ts). */
export interface BankCallsTable {
  client_id: string;
  last_called_at: Date;
}

export interface ClientsTable {
  id: string;
  name: string;
  created_at: Date;
  /** CIDRs the client's requests may come from; empty: any address. */
  allowed_ips: ColumnType<string[], string[] | undefined, string[]>;
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** How to read this bank's CSV statements (see statements/csv-mapping.ts); null until set. */
  statement_mapping: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** The accounts its statements are for (src/reconciliation/statement-accounts.ts); empty: any account. */
  statement_accounts: ColumnType<string[], string[] | undefined, string[]>;
  /** A sandbox client sees only the test members and makes only test payments (src/sandbox/), for good. */
  sandbox: ColumnType<boolean, boolean | undefined, never>;
  /** Where its hand-over links may be emailed; null: none kept. */
  contact_email: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ClientSecretsTable {
  id: string;
  client_id: string;
  /** SHA-256 of the secret; null until the hand-over link is used, because the secret is only made then. */
  secret_hash: string | null;
  handover_hash: string;
  handover_expires_at: Date;
  created_at: Date;
  revealed_at: Date | null;
  revoked_at: Date | null;
  /** Made by the service to send a test payment as a sandbox bank, and revoked when that is done. */
  self_test: ColumnType<boolean, boolean | undefined, never>;
}

/** Token requests naming a client ID (stored as a digest), counted per second since the epoch. */
export interface TokenRateHitsTable {
  client_id: string;
  second: number;
  hits: number;
}

export type { MemberStatus };

export interface MembersTable {
  /** The Member Number: seven digits. */
  member_number: string;
  full_name: string;
  status: MemberStatus;
  /** When the member last became active. */
  active_since: Date | null;
  /**
   * How many times the member has become active. A validation counts for a payment only if it
   * was made in the current activation: a counter, not a clock, so two changes within the same
   * millisecond or on instances with different clocks still order correctly.
   */
  activation: number;
  created_at: Date;
  updated_at: Date;
}

export interface ValidationsTable {
  id: Generated<number>;
  client_id: string;
  member_number: string;
  /** The member's activation when validated. */
  activation: number;
  validated_at: Date;
}

export interface AuditEventsTable {
  id: Generated<number>;
  at: Date;
  action: AuditAction;
  target: string;
  request_id: string | null;
  source_ip: string | null;
  detail: ColumnType<Record<string, unknown>, string, never>;
  /** The operator who acted, if one did. */
  operator_id: ColumnType<string | null, string | null | undefined, never>;
  /** Who acted, for people: the operator's email, "owner token", or what acted without an account. */
  actor: ColumnType<string, string | undefined, never>;
}

/** A failed authentication: `scope` says which throttle counts it, `key` whom (an address, an account). */
export interface AuthFailuresTable {
  id: Generated<number>;
  scope: string;
  key: string;
  at: Date;
}

export interface Schema {
  service_keys: ServiceKeysTable;
  clients: ClientsTable;
  bank_calls: BankCallsTable;
  client_secrets: ClientSecretsTable;
  token_rate_hits: TokenRateHitsTable;
  members: MembersTable;
  validations: ValidationsTable;
  payments: PaymentsTable;
  audit_events: AuditEventsTable;
  auth_failures: AuthFailuresTable;
  operators: OperatorsTable;
  operator_invites: OperatorInvitesTable;
  operator_sessions: OperatorSessionsTable;
  operator_tokens: OperatorTokensTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  payment_events: PaymentEventsTable;
  reconciliations: ReconciliationsTable;
  reconciliation_lines: ReconciliationLinesTable;
  reconciliation_not_on_statement: ReconciliationNotOnStatementTable;
  export_feeds: ExportFeedsTable;
  export_feed_batches: ExportFeedBatchesTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_attempts: WebhookAttemptsTable;
  alert_settings: AlertSettingsTable;
  bank_alert_settings: BankAlertSettingsTable;
  alerts: AlertsTable;
  alert_notices: AlertNoticesTable;
  operator_notifications: OperatorNotificationsTable;
  morning_summaries: MorningSummariesTable;
  operator_sign_in_addresses: OperatorSignInAddressesTable;
  sandbox_validations: SandboxValidationsTable;
  sandbox_payments: SandboxPaymentsTable;
  email_outbox: EmailOutboxTable;
}

export type Db = Kysely<Schema>;
/** Every store method takes an optional executor so callers can run it inside their transaction. */
export type Executor = Kysely<Schema> | Transaction<Schema>;
