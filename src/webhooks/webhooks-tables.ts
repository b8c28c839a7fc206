import type { ColumnType, Generated } from 'kysely';

export type MessageStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookEndpointsTable {
  id: string;
  url: string;
  /** May reach loopback and private addresses: the ERP is on the organisation's own network. */
  internal: ColumnType<boolean, boolean | undefined, boolean>;
  description: string;
  events: ColumnType<string[], string[], string[]>;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  disabled_reason: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: Date | null;
  failing_since: Date | null;
  /** Also hears of the sandbox clients' test payments. */
  test_events: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Date;
  updated_at: Date;
}

export interface WebhookMessagesTable {
  id: Generated<number>;
  endpoint_id: string;
  event_type: string;
  payment_id: number | null;
  payload: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  occurred_at: Date;
  status: ColumnType<MessageStatus, MessageStatus | undefined, MessageStatus>;
  /** Attempts since it was written or last sent again: where it is in the retry schedule. Every attempt is in webhook_attempts. */
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date;
  delivered_at: Date | null;
  last_status_code: number | null;
  /** false: of a sandbox client's test payment; its body says "livemode": false. */
  livemode: ColumnType<boolean, boolean | undefined, never>;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  message_id: number;
  at: Date;
  status_code: number | null;
  latency_ms: number;
  response: string | null;
  error: string | null;
}
