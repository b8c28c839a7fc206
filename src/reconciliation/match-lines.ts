import { type RawBuilder, sql } from 'kysely';
import type { StatementLine } from '../statements/statement-line.js';
import { wordsOf } from './reference-tokens.js';
import type { PaymentWindow } from './statement-period.js';

/** The payment of the bank named by one of a line's keys, the earliest key first (a lateral subquery's body). */
const paymentNamed = (clientId: string, keys: RawBuilder<unknown>, foundIn: RawBuilder<unknown>, gate = sql``) =>
  sql`select p.id, p.status, p.amount, p.currency, ${foundIn} as found_in
    from unnest(${keys}) with ordinality k(key, ord)
    join payments p on p.client_id = ${clientId} and upper(p.transaction_reference) = k.key
    where l.credit_debit = 'C' and l.own ${gate}
    order by k.ord, p.id
    limit 1`;

/**
 * Stores one batch of a statement's lines, each credit of the bank's own accounts matched in the
 * same statement against the payments of the bank: under one of the line's references (the most
 * specific first), else under a whole word of one of its references or of its narration (in the
 * order they come, references first):
 * - `matched`: an accepted payment with the same amount (and currency, when the line says one);
 * - `amount_mismatch`: an accepted payment with another amount or currency;
 * - `held`: the money arrived but the payment is held, or was held and returned;
 * - `missing_notification`: no payment under any of them;
 * - `other_account`: a credit of an account the bank does not have on file, not matched.
 * References are compared whatever their case (the payments' index on upper(transaction_reference)).
 * Debits and reversals are stored without a category: only credits are matched.
 * The batch travels as one JSON parameter, so the statement text is the same for any batch size.
 */
export function matchLines(
  reconciliationId: number,
  clientId: string,
  lines: readonly StatementLine[],
  isOwn: (accountId: string | null) => boolean,
) {
  const batch = lines.map((line) => {
    const own = isOwn(line.accountId);
    const credit = line.creditDebit === 'C' && own;
    return {
      line_no: line.index,
      position: line.position,
      booking_date: line.bookingDate,
      value_date: line.valueDate,
      refs: line.references,
      keys: credit ? line.references.map((reference) => reference.toUpperCase()) : [],
      fields: line.referenceFields,
      ...(credit ? wordsOf(line) : { tokens: [], token_fields: [] }),
      amount: line.amount,
      credit_debit: line.creditDebit,
      currency: line.currency,
      narration: line.narration,
      account_id: line.accountId,
      account_part: line.accountPart,
      date_from_statement: line.dateFromStatement,
      own,
    };
  });
  const byReference = paymentNamed(clientId, sql`l.keys`, sql`l.fields[k.ord]`);
  const byWord = paymentNamed(clientId, sql`l.tokens`, sql`l.token_fields[k.ord]`, sql`and r.id is null`);
  return sql`
    insert into reconciliation_lines (reconciliation_id, line_no, position, booking_date, value_date, reference, refs,
      amount, credit_debit, currency, narration, category, payment_id, account_id, account_part, date_from_statement, found_in)
    select ${reconciliationId}::bigint, l.line_no, l.position, l.booking_date, l.value_date, coalesce(l.refs[1], ''),
      l.refs, l.amount, l.credit_debit, l.currency, l.narration,
      case
        when l.credit_debit <> 'C' then null
        when not l.own then 'other_account'
        when p.id is null then 'missing_notification'
        when p.status <> 'accepted' then 'held'
        when p.amount = l.amount and (l.currency is null or l.currency = p.currency) then 'matched'
        else 'amount_mismatch'
      end,
      p.id, l.account_id, l.account_part, l.date_from_statement, p.found_in
    from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as l(line_no integer, position text, booking_date date,
      value_date date, refs text[], keys text[], fields text[], tokens text[], token_fields text[], amount numeric, credit_debit text,
      currency text, narration text, account_id text, account_part smallint, date_from_statement boolean, own boolean)
    left join lateral (${byReference}) r on true
    left join lateral (${byWord}) t on true
    cross join lateral (select coalesce(r.id, t.id) as id, coalesce(r.status, t.status) as status,
      coalesce(r.amount, t.amount) as amount, coalesce(r.currency, t.currency) as currency,
      coalesce(r.found_in, t.found_in) as found_in) p`;
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
    set category = 'missing_notification', payment_id = null, found_in = null,
      detail = jsonb_build_object('sameReferenceAsLine', r.kept)
    from ranked r
    where l.reconciliation_id = ${reconciliationId} and l.line_no = r.line_no and r.line_no <> r.kept`;
}

/**
 * Accepted payments of the bank, of the account's currency when known, that no line of any run
 * names: those dated within its period (local days, inclusive), those of the period's late hours
 * apart, as they may be on the next statement; and those an earlier run said may be on the next
 * statement, paid before this one ends and asked for by no run since, whatever the days between
 * (the next statement may come after a weekend): a payment found on an earlier statement is never
 * asked for again, and one left for the next is never forgotten.
 */
export function findNotOnStatement(reconciliationId: number, clientId: string, window: PaymentWindow) {
  return sql`
    insert into reconciliation_not_on_statement (reconciliation_id, payment_id, next_statement, account_part)
    select ${reconciliationId}::bigint, p.id, p.transaction_date >= ${window.lateFrom}, ${window.part}::smallint
    from (
      select p.id from payments p
      where p.client_id = ${clientId}
        and p.transaction_date >= ${window.from} and p.transaction_date < ${window.toExclusive}
      union
      select e.payment_id from reconciliation_not_on_statement e
      where e.next_statement and not exists (
        select 1 from reconciliation_not_on_statement asked where asked.payment_id = e.payment_id and not asked.next_statement)
    ) candidate
    join payments p on p.id = candidate.id
    where p.client_id = ${clientId} and p.status = 'accepted' and p.transaction_date < ${window.toExclusive}
      and (${window.currency}::text is null or p.currency = ${window.currency})
      and not exists (select 1 from reconciliation_lines l where l.payment_id = p.id)
    on conflict do nothing`;
}
