import type { ColumnType, Generated } from 'kysely';

export type EmailStatus = 'pending' | 'sent' | 'failed';

/** The email outbox: each email as queued, and how sending it went (src/email/). */
export interface EmailOutboxTable {
  id: Generated<string>;
  /** The Message-ID header, fixed when queued. */
  message_id: string;
  kind: string;
  recipients: string[];
  subject: string;
  /** Emptied once sent or failed: a link in an email is a credential. */
  text_body: string;
  html_body: string;
  queued_at: Date;
  status: ColumnType<EmailStatus, EmailStatus | undefined, EmailStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Date;
  sent_at: Date | null;
  last_error: string | null;
}
