import type { ColumnType, Generated, Kysely, RawBuilder, Transaction } from 'kysely';

export interface ServiceKeysTable {
  name: string;
  value: string;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface ClientsTable {
  id: string;
  name: string;
  created_at: Date;
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
}

/** Token requests naming a client ID (stored as a digest), counted per second since the epoch. */
export interface TokenRateHitsTable {
  client_id: string;
  second: number;
  hits: number;
}

export type MemberStatus = 'active' | 'suspended' | 'closed';

export interface MembersTable {
  customer_ref: string;
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
  customer_ref: string;
  /** The member's activation when validated. */
  activation: number;
  validated_at: Date;
}

export type PaymentStatus = 'accepted' | 'held';
export type HeldReason = 'customer_not_payable' | 'not_validated';

export interface PaymentsTable {
  id: Generated<number>;
  client_id: string;
  transaction_reference: string;
  payment_type: string;
  customer_ref: string;
  /** numeric(15,2), read and written as an exact decimal string */
  amount: string;
  currency: string;
  transaction_date: Date;
  payer_name: string | null;
  payer_account: string | null;
  payer_phone: string | null;
  narration: string | null;
  status: PaymentStatus;
  held_reason: HeldReason | null;
  erp_ref_id: string | null;
  raw_notification: string;
  received_at: Date;
  updated_at: Date;
  accepted_at: Date | null;
  /** xid8 of the accepting transaction, as text; orders the ERP export. */
  accepted_txid: ColumnType<string | null, RawBuilder<unknown> | null, RawBuilder<unknown> | null>;
  attempts: ColumnType<number, number | undefined, number>;
}

export interface AuditEventsTable {
  id: Generated<number>;
  at: Date;
  action: string;
  target: string;
  request_id: string | null;
  source_ip: string | null;
  detail: ColumnType<Record<string, unknown>, string, never>;
}

export interface Schema {
  service_keys: ServiceKeysTable;
  clients: ClientsTable;
  client_secrets: ClientSecretsTable;
  token_rate_hits: TokenRateHitsTable;
  members: MembersTable;
  validations: ValidationsTable;
  payments: PaymentsTable;
  audit_events: AuditEventsTable;
}

export type Db = Kysely<Schema>;
/** Every store method takes an optional executor so callers can run it inside their transaction. */
export type Executor = Kysely<Schema> | Transaction<Schema>;
