import type { Executor } from '../db/schema.js';

/** One email as the change that causes it writes it: the outbox sends it after that change commits. */
export interface OutgoingEmail {
  /** Addresses, each one person or a list. */
  to: readonly string[];
  subject: string;
  /** The plain-text part, always present. */
  text: string;
  /** A simple HTML part: no remote images, no tracking. */
  html: string;
  /** What it is (invitation, password_reset, handover, alert, morning_summary): for the metrics and the log. */
  kind: string;
}

/**
 * Writes an email to the outbox in `ex`, the transaction of what caused it, so a change that rolls
 * back sends nothing and one that commits sends it once, whatever happens to the mail server.
 */
export type QueueEmail = (ex: Executor, email: OutgoingEmail) => Promise<void>;
