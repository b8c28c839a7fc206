import { sql } from 'kysely';
import type { Db, Executor } from '../db/schema.js';
import type { EmailStatus } from './email-tables.js';

/** An email as queued: what sending it needs. */
export interface QueuedEmail {
  messageId: string;
  kind: string;
  recipients: readonly string[];
  subject: string;
  text: string;
  html: string;
}

/** An email claimed for one attempt. */
export interface ClaimedEmail extends QueuedEmail {
  id: string;
  attempts: number;
}

/** How one attempt went, and what becomes of the email: sent, failed for good, or tried again then. */
export interface EmailOutcome {
  id: string;
  at: Date;
  error: string | null;
  next: { status: 'sent' } | { status: 'failed' } | { status: 'pending'; at: Date };
}

/** The email outbox: written in the transaction of what causes each email, read by the sender. */
export function createEmailOutboxStore(db: Db) {
  return {
    async insert(email: QueuedEmail, now: Date, ex: Executor): Promise<void> {
      await ex
        .insertInto('email_outbox')
        .values({
          message_id: email.messageId,
          kind: email.kind,
          recipients: [...email.recipients],
          subject: email.subject,
          text_body: email.text,
          html_body: email.html,
          queued_at: now,
          next_attempt_at: now,
          sent_at: null,
          last_error: null,
        })
        .execute();
    },

    /**
     * Claims due emails for one attempt each: their next attempt moves to `leaseUntil`, so no other
     * instance takes them meanwhile, and comes round again if this one dies before it says how
     * it went. Rows another instance is claiming are skipped.
     */
    async claim(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedEmail[]> {
      const { rows } = await sql<{
        id: string;
        message_id: string;
        kind: string;
        recipients: string[];
        subject: string;
        text_body: string;
        html_body: string;
        attempts: number;
      }>`
        with due as (
          select id from email_outbox
          where status = 'pending' and next_attempt_at <= ${now}
          order by next_attempt_at, id
          limit ${limit}
          for update skip locked
        )
        update email_outbox e set next_attempt_at = ${leaseUntil}
        from due where e.id = due.id
        returning e.id, e.message_id, e.kind, e.recipients, e.subject, e.text_body, e.html_body, e.attempts`.execute(
        db,
      );
      return rows
        .map((row) => ({
          id: String(row.id),
          messageId: row.message_id,
          kind: row.kind,
          recipients: row.recipients,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          attempts: row.attempts,
        }))
        .sort((a, b) => Number(a.id) - Number(b.id));
    },

    /** Records an attempt; an email sent or failed for good loses its bodies, which may hold a link. */
    async record(outcome: EmailOutcome, ex: Executor = db): Promise<void> {
      const done = outcome.next.status !== 'pending';
      await ex
        .updateTable('email_outbox')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          status: outcome.next.status,
          last_error: outcome.error,
          ...(outcome.next.status === 'sent' ? { sent_at: outcome.at } : {}),
          ...(outcome.next.status === 'pending' ? { next_attempt_at: outcome.next.at } : {}),
          ...(done ? { text_body: '', html_body: '' } : {}),
        }))
        .where('id', '=', outcome.id)
        .execute();
    },

    /** For the metrics: emails by status, and the age of the oldest unsent. */
    async totals(now: Date): Promise<Record<EmailStatus, number> & { oldestPendingSeconds: number }> {
      const rows = await db
        .selectFrom('email_outbox')
        .select(['status', sql<string>`count(*)`.as('count'), sql<Date | null>`min(queued_at)`.as('oldest')])
        .groupBy('status')
        .execute();
      const totals = { pending: 0, sent: 0, failed: 0, oldestPendingSeconds: 0 };
      for (const row of rows) {
        totals[row.status] = Number(row.count);
        if (row.status === 'pending' && row.oldest)
          totals.oldestPendingSeconds = Math.max(0, (now.getTime() - new Date(row.oldest).getTime()) / 1000);
      }
      return totals;
    },
  };
}

export type EmailOutboxStore = ReturnType<typeof createEmailOutboxStore>;
