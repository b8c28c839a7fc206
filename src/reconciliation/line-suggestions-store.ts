import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

/** What a page of lines' texts, amounts and days may point to, asked in one query. */
export interface CandidatesAsked {
  clientId: string;
  memberNumbers: string[];
  /** Runs of words that may be a member's full name (src/reconciliation/name-words.ts). */
  names: string[];
  amounts: string[];
  from: Date;
  toExclusive: Date;
}

export type Candidate =
  | { kind: 'number' | 'name'; asked: string; member_number: string; full_name: string }
  | {
      kind: 'held';
      payment_id: number;
      transaction_reference: string;
      amount: string;
      currency: string;
      customer_ref: string;
      held_reason: string | null;
      transaction_date: Date;
    };

// The same expression as the index members_name_words (migration 019), so the lookup uses it.
const nameWords = sql`btrim(regexp_replace(lower(m.full_name), '[[:space:].,;:/()&_"]+', ' ', 'g'))`;

/**
 * Active members named by number or by full name in the texts, and held payments of the bank with
 * one of the amounts in the days asked. Only active members: only they can be credited.
 */
export function createLineSuggestionsStore(db: Db) {
  return {
    async candidates(asked: CandidatesAsked): Promise<Candidate[]> {
      const { rows } = await sql<Record<string, unknown>>`
        select 'number' as kind, m.member_number as asked, m.member_number, m.full_name,
          null::bigint as payment_id, null as transaction_reference, null::text as amount, null as currency,
          null as customer_ref, null as held_reason, null::timestamptz as transaction_date
        from members m
        where m.member_number = any(${asked.memberNumbers}::text[]) and m.status = 'active'
        union all
        select 'name', w.words, m.member_number, m.full_name, null, null, null, null, null, null, null
        from unnest(${asked.names}::text[]) as w(words)
        join members m on ${nameWords} = lower(w.words)
        where m.status = 'active'
        union all
        select 'held', null, null, null, p.id, p.transaction_reference, p.amount::text, p.currency,
          p.customer_ref, p.held_reason, p.transaction_date
        from payments p
        where p.client_id = ${asked.clientId} and p.status = 'held' and p.amount = any(${asked.amounts}::numeric[])
          and p.transaction_date >= ${asked.from} and p.transaction_date < ${asked.toExclusive}
        order by 1, 5`.execute(db);
      return rows.map((row) => ({
        ...row,
        payment_id: row.payment_id === null ? null : Number(row.payment_id),
      })) as Candidate[];
    },
  };
}

export type LineSuggestionsStore = ReturnType<typeof createLineSuggestionsStore>;
