import { sql } from 'kysely';
import type { StatementLine } from '../statements/statement-line.js';

/**
 * Stores one batch of a statement's lines, each credit matched in the same statement against the
 * payments of the bank under any of its references (the most specific first):
 * - `matched`: an accepted payment with the same amount (and currency, when the line says one);
 * - `amount_mismatch`: an accepted payment with another amount or currency;
 * - `held`: the money arrived but the payment is held, or was held and returned;
 * - `missing_notification`: no payment under any of its references.
 * Debits and reversals are stored without a category: only credits are matched.
 * The batch travels as one JSON parameter, so the statement text is the same for any batch size.
 */
export function matchLines(reconciliationId: number, clientId: string, lines: readonly StatementLine[]) {
  const batch = lines.map((line) => ({
    line_no: line.index,
    position: line.position,
    booking_date: line.bookingDate,
    value_date: line.valueDate,
    refs: line.references,
    amount: line.amount,
    credit_debit: line.creditDebit,
    currency: line.currency,
    narration: line.narration,
  }));
  return sql`
    insert into reconciliation_lines (reconciliation_id, line_no, position, booking_date, value_date, reference, refs,
      amount, credit_debit, currency, narration, category, payment_id)
    select ${reconciliationId}::bigint, l.line_no, l.position, l.booking_date, l.value_date, coalesce(l.refs[1], ''),
      l.refs, l.amount, l.credit_debit, l.currency, l.narration,
      case
        when l.credit_debit <> 'C' then null
        when p.id is null then 'missing_notification'
        when p.status <> 'accepted' then 'held'
        when p.amount = l.amount and (l.currency is null or l.currency = p.currency) then 'matched'
        else 'amount_mismatch'
      end,
      p.id
    from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as l(line_no integer, position text, booking_date date,
      value_date date, refs text[], amount numeric, credit_debit text, currency text, narration text)
    left join lateral (
      select p.id, p.status, p.amount, p.currency from payments p
      where l.credit_debit = 'C' and p.client_id = ${clientId} and p.transaction_reference = any (l.refs)
      order by array_position(l.refs, p.transaction_reference)
      limit 1
    ) p on true`;
}

/**
 * A payment accounts for one line of a statement. When several lines name it, the one that
 * matches it (or the first) keeps it; the others are money the bank never notified.
 */
export function settleSharedReferences(reconciliationId: number) {
  return sql`
    with ranked as (
      select line_no, payment_id, first_value(line_no) over (
        partition by payment_id order by (category = 'matched') desc, line_no) as kept
      from reconciliation_lines
      where reconciliation_id = ${reconciliationId} and payment_id is not null
    )
    update reconciliation_lines l
    set category = 'missing_notification', payment_id = null,
      detail = jsonb_build_object('sameReferenceAsLine', r.kept)
    from ranked r
    where l.reconciliation_id = ${reconciliationId} and l.line_no = r.line_no and r.line_no <> r.kept`;
}

/** Accepted payments of the bank dated within the period (local days, inclusive) that no line matched. */
export function findNotOnStatement(reconciliationId: number, clientId: string, from: Date, toExclusive: Date) {
  return sql`
    insert into reconciliation_not_on_statement (reconciliation_id, payment_id)
    select ${reconciliationId}::bigint, p.id from payments p
    where p.client_id = ${clientId} and p.status = 'accepted'
      and p.transaction_date >= ${from} and p.transaction_date < ${toExclusive}
      and not exists (
        select 1 from reconciliation_lines l
        where l.reconciliation_id = ${reconciliationId} and l.payment_id = p.id
      )`;
}

/** Count and exact sum per category; `debit` counts the lines that are not credits (debits and reversals). */
export function totalsOf(reconciliationId: number) {
  return sql<{ name: string; count: number; sum: string }>`
    select coalesce(category, 'debit') as name, count(*)::integer as count, round(sum(amount), 2)::text as sum
    from reconciliation_lines where reconciliation_id = ${reconciliationId}
    group by 1
    union all
    select 'not_on_statement', count(*)::integer, round(coalesce(sum(p.amount), 0), 2)::text
    from reconciliation_not_on_statement n join payments p on p.id = n.payment_id
    where n.reconciliation_id = ${reconciliationId}`;
}
