import { type Expression, type ExpressionBuilder, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { Page } from '../db/keyset-page.js';
import { likeLiteral } from '../db/like-pattern.js';
import type { PaymentType } from './channels.js';
import type { PaymentStatus, PaymentsTable } from './payments-tables.js';

// The payments search: its filters, and the text anywhere, as conditions on payments as `p`.

/**
 * A page of payments in the order they arrived (newest first but for the held queue); the page's
 * from/to window is on the day they were paid (transaction_date), like every day people pick.
 */
export interface PaymentFilter extends Page {
  /** Text anywhere in the reference, member number or name, payer's name or phone. */
  text?: string | undefined;
  status?: PaymentStatus | undefined;
  /** The reference as the bank sent it, trimmed. */
  customerRef?: string | undefined;
  /** The member credited, or named by a held payment. */
  memberNumber?: string | undefined;
  transactionReference?: string | undefined;
  erpRefId?: string | undefined;
  clientId?: string | undefined;
  paymentType?: string | undefined;
}

/** What a search is narrowed by, with or without its page. */
export type Filters = Omit<PaymentFilter, keyof Page> & Pick<Page, 'from' | 'to'>;

/** A LIKE pattern that finds the text anywhere, its own % and _ taken as they are. */
const anywhere = (text: string) => `%${likeLiteral(text)}%`;

/**
 * Whether the text has three letters or digits together, a piece the trigram indexes of the search
 * (migration 023) can look up; a shorter text ("07", "%") is tested on each payment as it is read.
 */
const hasTrigram = (text: string) => /[\p{L}\p{N}]{3}/u.test(text);

/**
 * The text anywhere in a payment's own columns: its reference, member number, payer's name or
 * phone. A phone is also matched by its digits, whatever is between them: "0712345678" finds
 * "0712 345 678".
 */
function ownColumnsContaining(text: string): Expression<SqlBool> {
  const pattern = anywhere(text);
  const digits = text.replace(/\D/g, '');
  // The phone's digits are written as the index is (migration 023), so the index is read.
  const phoneDigits =
    digits.length >= 4 ? sql`or regexp_replace(p.payer_phone, '\\D', '', 'g') like ${`%${digits}%`}` : sql``;
  return sql<SqlBool>`(p.transaction_reference ilike ${pattern}
    or p.customer_ref ilike ${pattern} or p.member_number ilike ${pattern}
    or p.payer_name ilike ${pattern} or p.payer_phone ilike ${pattern} ${phoneDigits})`;
}

/**
 * The text anywhere in the name of the payment's member: the one credited or, before that, the one
 * its reference names, as the list shows it. The members named are looked up once, not for each payment.
 */
const memberNamed = (text: string) =>
  sql<SqlBool>`coalesce(p.member_number, p.customer_ref) in
    (select m.member_number from members m where m.full_name ilike ${anywhere(text)})`;

/** The filters of a search but its text, the day paid window among them, as conditions on payments as `p`. */
function matching(eb: ExpressionBuilder<{ p: PaymentsTable }, 'p'>, filter: Filters): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.status) conditions.push(eb('p.status', '=', filter.status));
  if (filter.customerRef) conditions.push(eb('p.customer_ref', '=', filter.customerRef));
  if (filter.memberNumber) {
    conditions.push(
      eb.or([eb('p.member_number', '=', filter.memberNumber), eb('p.customer_ref', '=', filter.memberNumber)]),
    );
  }
  if (filter.transactionReference) conditions.push(eb('p.transaction_reference', '=', filter.transactionReference));
  if (filter.erpRefId) conditions.push(eb('p.erp_ref_id', '=', filter.erpRefId));
  if (filter.clientId) conditions.push(eb('p.client_id', '=', filter.clientId));
  // A person's filter may name no channel: it then matches no payment, as any other text would.
  if (filter.paymentType) conditions.push(eb('p.payment_type', '=', filter.paymentType as PaymentType));
  if (filter.from) conditions.push(eb('p.transaction_date', '>=', filter.from));
  if (filter.to) conditions.push(eb('p.transaction_date', '<', filter.to));
  return conditions;
}

/**
 * The search as conditions on payments as `p` that together find what it finds. A text with a
 * trigram makes two: the payments whose own columns hold it, and those whose member's name holds
 * it, `apart` from the first (each payment once, for totals) or not (a page takes the first of
 * both). Asked apart, each is read from its own indexes; in one condition the members' part can
 * only be tested payment by payment, so every payment would be read. A shorter text makes one
 * condition, tested on each payment read: no index helps it, and a page of a text that most
 * payments hold ("07") is then the first payments read.
 */
export function searched(filter: Filters, apart: boolean): [Expression<SqlBool>, Expression<SqlBool>?] {
  const eb = expressionBuilder<{ p: PaymentsTable }, 'p'>();
  const rest = matching(eb, filter);
  const { text } = filter;
  if (!text) return [eb.and(rest)];
  const own = ownColumnsContaining(text);
  if (!hasTrigram(text)) return [eb.and([...rest, eb.or([own, memberNamed(text)])])];
  const notOwn = apart ? [sql<SqlBool>`${own} is not true`] : [];
  return [eb.and([...rest, own]), eb.and([...rest, ...notOwn, memberNamed(text)])];
}
