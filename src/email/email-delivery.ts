import type { Clock } from '../clock.js';
import type { ClaimedEmail, EmailOutboxStore, EmailOutcome } from './email-outbox-store.js';
import { isPermanent, type SendEmail } from './smtp-sender.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The waits after each failed attempt: soon at first (a mail server restarting), then longer,
 * for about two days in all; after the last, the email has failed.
 */
export const EMAIL_RETRY_DELAYS_MS = [
  10 * SECOND,
  MINUTE,
  5 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  12 * HOUR,
  16 * HOUR,
];
/** A claimed email is left alone by other instances this long: longer than an attempt can take. */
const LEASE_MS = 2 * MINUTE;

export type EmailResult = 'sent' | 'retrying' | 'failed';

export interface EmailDeliveryDeps {
  emailOutboxStore: Pick<EmailOutboxStore, 'claim' | 'record'>;
  send: SendEmail;
  clock: Clock;
  /** Counts each attempt by how it ended (metrics), and says why one failed (the log). */
  onAttempt?: (result: EmailResult, email: ClaimedEmail, error?: string) => void;
  random?: () => number;
}

/** Why an attempt failed, in words an admin can act on; never the email's content. */
function reasonOf(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | undefined;
  const said = typeof e?.message === 'string' ? e.message : '';
  const code = typeof e?.code === 'string' ? `${e.code}: ` : '';
  return `${code}${said || 'no answer'}`.slice(0, 500);
}

/** Sends the outbox's emails, each attempt by one instance, and records how each went. */
export function createEmailDelivery({
  emailOutboxStore,
  send,
  clock,
  onAttempt,
  random = Math.random,
}: EmailDeliveryDeps) {
  async function attempt(email: ClaimedEmail): Promise<EmailOutcome> {
    try {
      await send(email);
      return { id: email.id, at: clock.now(), error: null, next: { status: 'sent' } };
    } catch (error) {
      const at = clock.now();
      const delay = isPermanent(error) ? undefined : EMAIL_RETRY_DELAYS_MS[email.attempts];
      // Each wait moves by up to a tenth either way, so many emails' retries spread out.
      const retryAt =
        delay === undefined ? undefined : new Date(at.getTime() + Math.round(delay * (0.9 + random() * 0.2)));
      return {
        id: email.id,
        at,
        error: reasonOf(error),
        next: retryAt ? { status: 'pending', at: retryAt } : { status: 'failed' },
      };
    }
  }

  return {
    /** One pass: claims what is due (up to `limit`), sends each once, records each; how many were tried. */
    async sendDue(limit = 50): Promise<number> {
      const now = clock.now();
      const claimed = await emailOutboxStore.claim(now, new Date(now.getTime() + LEASE_MS), limit);
      for (const email of claimed) {
        const outcome = await attempt(email);
        // If this fails (the database away), the email stays claimed until its lease ends and is
        // sent again then, with the same Message-ID: a mail client shows it once.
        await emailOutboxStore.record(outcome);
        const result = outcome.next.status === 'pending' ? 'retrying' : outcome.next.status;
        onAttempt?.(result, email, outcome.error ?? undefined);
      }
      return claimed.length;
    },
  };
}

export type EmailDelivery = ReturnType<typeof createEmailDelivery>;
