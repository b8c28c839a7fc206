import { type Selectable, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import type { MessageStatus, WebhookMessagesTable } from './webhooks-tables.js';

type MessageRow = Selectable<WebhookMessagesTable>;

/**
 * A message as its endpoint's log shows it: the payment it tells of, and its attempts read from
 * the attempts themselves. The row's own `attempts` counts only those since it was last sent again
 * (the retry schedule starts afresh then); `attempts_made` counts every one.
 */
export interface ListedMessage extends MessageRow {
  attempts_made: number;
  last_attempt_at: Date | null;
  last_attempt_status_code: number | null;
  last_attempt_error: string | null;
  erp_ref_id: string | null;
  transaction_reference: string | null;
  amount: string | null;
  currency: string | null;
}

export interface MessagesFilter {
  status?: MessageStatus | undefined;
  /** Only messages older than this one (the page before's last). */
  beforeId?: number | undefined;
  limit: number;
}

/** The messages with their payments and their attempts in all; a query to narrow with `m.` columns. */
export const listed = (db: Db) =>
  db
    .selectFrom('webhook_messages as m')
    .leftJoin('payments as p', 'p.id', 'm.payment_id')
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('webhook_attempts as a')
          .select(['a.at', 'a.status_code', 'a.error'])
          .whereRef('a.message_id', '=', 'm.id')
          .orderBy('a.id', 'desc')
          .limit(1)
          .as('last'),
      (join) => join.onTrue(),
    )
    .selectAll('m')
    .select([
      sql<string>`(select count(*) from webhook_attempts c where c.message_id = m.id)`.as('attempts_made'),
      'last.at as last_attempt_at',
      'last.status_code as last_attempt_status_code',
      'last.error as last_attempt_error',
      'p.erp_ref_id',
      'p.transaction_reference',
      'p.amount',
      'p.currency',
    ]);

export const numbered = <T extends { attempts_made: string | number }>(row: T) => ({
  ...row,
  attempts_made: Number(row.attempts_made),
});
