import { sql } from 'kysely';
import { EVENT } from '../webhooks/events.js';
import { emitEach } from '../webhooks/outbox.js';
import { detailColumns, detailsAgain, type NotificationRow, notificationsTable } from './notification-row.js';
import type { HeldReason, PaymentSource, PaymentStatus } from './payments-tables.js';

/** What, besides the member's status, decides whether a notification is accepted or held. */
export interface AcceptanceRule {
  validationRequired: boolean;
  /** Validations from this time on count. */
  validationsSince: Date;
}

/** What the statement answers for each notification, in order. */
export interface RecordedRow {
  /** A payment of this client that was final already under the reference (accepted or returned): left untouched. */
  earlier: boolean;
  /** Another transaction holds the member's row; nothing was written for this notification. */
  member_busy: boolean;
  payment_id: number | null;
  status: PaymentStatus | null;
  source: PaymentSource | null;
  payment_type: string | null;
  customer_ref: string | null;
  amount: string | null;
  currency: string | null;
  erp_ref_id: string | null;
  held_reason: HeldReason | null;
  /** Held now under a reference the client had no payment under (a held one evaluated again is not). */
  newly_held: boolean;
}

/** Payments held now under a reference new to the client: the ERP's webhooks hear of each. */
const newlyHeld = sql`select id as payment_id, updated_at as occurred_at from recorded
  where status = 'held' and not resent`;

/**
 * The acceptance rule, in one place: a notification is held when its member cannot be paid now
 * (unknown, not seven digits, suspended or closed), or, when validation is required, when this
 * client has not validated the member within the window and since the member last became active.
 * Otherwise it is accepted. It is SQL, not TypeScript, because the member's status and
 * validations must be read under the member's share lock in the statement that inserts the
 * payment: a status change made between a check and the insert could not slip through.
 * `a` is the notification, `m` its member (null when none).
 */
const heldReason = (rule: AcceptanceRule) => sql<HeldReason | null>`case
    when m.status is distinct from 'active' then 'customer_not_payable'
    when ${rule.validationRequired}::boolean and not exists (
      select 1 from validations v
      where v.client_id = a.client_id and v.member_number = m.member_number and v.activation = m.activation
        and v.validated_at >= ${rule.validationsSince}::timestamptz and v.validated_at <= a.received_at
    ) then 'not_validated'
  end`;

/**
 * Evaluates and records notifications in one statement: one round trip and one commit for one
 * notification or many. For each, in order:
 * - a reference this client already had accepted, or held and then returned, is final, and comes
 *   back untouched (`earlier`); the re-send goes in the payment's history;
 * - otherwise the member's row is share-locked, in one order so two batches cannot each hold a
 *   row the other waits for, and a status change waits for this payment;
 * - the payment is inserted as accepted with its receipt, or as held with the reason; a held
 *   payment under the same reference is evaluated again and overwritten, and that goes in its history;
 *   a first hold writes its webhook messages in the same statement (an acceptance is its own);
 * - when another request had the reference accepted after this statement's snapshot, the unique
 *   (client, reference) constraint makes this one wait for it and leave it alone: nothing comes back.
 * With `skipBusyMembers`, a member another transaction holds (an import rewriting it) is skipped
 * rather than waited for, so it does not hold back the others: `member_busy`, nothing written.
 * The (client, reference) pairs must differ: the insert may touch each row only once.
 */
export function recordStatement(items: readonly NotificationRow[], rule: AcceptanceRule, skipBusyMembers: boolean) {
  const locking = skipBusyMembers ? sql`for share of m skip locked` : sql`for share of m`;
  const busy = skipBusyMembers
    ? sql`select member_number from members where member_number in (select member_number from asked)
          except select member_number from member`
    : sql`select null::text as member_number where false`;
  return sql<RecordedRow & { ord: number }>`
    with asked as (${notificationsTable(items)}),
    earlier as (
      select a.ord, a.raw_notification as resent, a.raw_notification_truncated as resent_truncated, a.received_at as resent_at, p.*
      from asked a
      join payments p on p.client_id = a.client_id and p.transaction_reference = a.transaction_reference
        and p.status in ('accepted', 'returned')
    ),
    member as (
      select m.member_number, m.status, m.activation from members m
      where m.member_number in (select member_number from asked)
      order by m.member_number
      ${locking}
    ),
    busy as (${busy}),
    verdict as materialized (
      -- Materialized: the insert reads held_reason five times, and each would repeat the check.
      select a.*, ${heldReason(rule)} as held_reason
      from asked a left join member m on m.member_number = a.member_number
      where not exists (select 1 from earlier e where e.ord = a.ord)
        and not exists (select 1 from busy b where b.member_number = a.member_number)
    ),
    recorded as (
      insert into payments as pay (
        client_id, transaction_reference, ${detailColumns}, received_at,
        updated_at, status, held_reason, erp_ref_id, member_number, accepted_at, accepted_txid)
      select client_id, transaction_reference, ${detailColumns}, received_at,
             received_at,
             case when held_reason is null then 'accepted' else 'held' end, held_reason,
             case when held_reason is null then receipt end,
             case when held_reason is null then member_number end,
             case when held_reason is null then received_at end,
             case when held_reason is null then pg_current_xact_id() end
      from verdict
      -- In one order, so two batches re-sending the same references wait for each other in turn.
      order by client_id, transaction_reference
      on conflict (client_id, transaction_reference) do update set
        ${detailsAgain},
        status = excluded.status, held_reason = excluded.held_reason, erp_ref_id = excluded.erp_ref_id,
        member_number = excluded.member_number, updated_at = excluded.updated_at,
        accepted_at = excluded.accepted_at, accepted_txid = excluded.accepted_txid,
        attempts = pay.attempts + 1
      where pay.status = 'held'
      returning id, client_id, transaction_reference, status, source, held_reason, erp_ref_id, payment_type, customer_ref,
        amount, currency, updated_at, raw_notification, raw_notification_truncated, (xmax <> 0) as resent
    ),
    -- The webhooks' messages of a first hold, in this very statement (an acceptance's: accepted-messages.ts).
    outbox as (${emitEach(EVENT.paymentHeld, newlyHeld)}),
    history as (
      -- A re-send, of a final payment or of a held one evaluated again, is in the payment's history.
      insert into payment_events (payment_id, at, kind, actor, detail)
      -- A payment finance recorded from a statement is notified for the first time: that is said so.
      select id, resent_at, case when source = 'statement' then 'notified_late' else 're_sent' end, 'bank',
        jsonb_build_object('outcome', 'answered as before', 'notification', resent,
          'notificationTruncated', resent_truncated)
      from earlier
      union all
      select id, updated_at, 're_sent', 'bank',
        jsonb_build_object('outcome', coalesce(held_reason, status), 'notification', raw_notification,
          'notificationTruncated', raw_notification_truncated)
      from recorded where resent
    )
    select a.ord::integer as ord, e.ord is not null as earlier, b.member_number is not null as member_busy,
      coalesce(e.id, r.id) as payment_id, coalesce(e.status, r.status) as status, coalesce(e.source, r.source) as source,
      coalesce(e.payment_type, r.payment_type) as payment_type, coalesce(e.customer_ref, r.customer_ref) as customer_ref,
      coalesce(e.amount, r.amount) as amount, coalesce(e.currency, r.currency) as currency,
      coalesce(e.erp_ref_id, r.erp_ref_id) as erp_ref_id, coalesce(e.held_reason, r.held_reason) as held_reason,
      coalesce(r.status = 'held' and not r.resent, false) as newly_held
    from asked a
    left join earlier e on e.ord = a.ord
    left join busy b on b.member_number = a.member_number
    left join recorded r on r.client_id = a.client_id and r.transaction_reference = a.transaction_reference
    order by a.ord`;
}
