import { type Static, Type } from '@sinclair/typebox';
import { MEMBER_STATUSES } from '../member-statuses.js';
import { Nullable, NullableTimestamp, StringEnum, Timestamp } from '../schema-parts.js';
import { PAYMENT_TYPES } from './channels.js';

// A payment as the admin API answers it and as the webhook events carry it.

export const PAYMENT_STATUSES = ['accepted', 'held', 'returned'] as const;

export const PaymentStatus = Type.Union(
  PAYMENT_STATUSES.map((status) => Type.Literal(status)),
  {
    description:
      'accepted (with a receipt), held (money received, not yet credited) or returned (final, never exported)',
  },
);
export type PaymentStatus = Static<typeof PaymentStatus>;

const HeldReason = Type.Union([Type.Literal('customer_not_payable'), Type.Literal('not_validated')], {
  description: 'Why it was held; kept once returned',
});
export type HeldReason = Static<typeof HeldReason>;

const PaymentSource = Type.Union([Type.Literal('notification'), Type.Literal('statement')], {
  description: 'notification: the bank notified it; statement: finance recorded it from a bank statement line',
});
export type PaymentSource = Static<typeof PaymentSource>;

export const Payment = Type.Object({
  paymentId: Type.Integer({ description: "The payment's own id, held payments included" }),
  erpRefId: Nullable(Type.String({ description: 'The Payment Receipt Number; null while held or once returned' })),
  transactionReference: Type.String(),
  paymentType: StringEnum(PAYMENT_TYPES, { description: 'The channel' }),
  customerRef: Type.String({ description: 'As the bank sent it, trimmed' }),
  memberNumber: Nullable(
    Type.String({ description: 'The member credited: the one the bank named, or the one finance allocated it to' }),
  ),
  memberName: Nullable(Type.String()),
  amount: Type.String({ description: 'Exact decimal, e.g. "1500.50"' }),
  currency: Type.String(),
  transactionDate: Timestamp("When the bank says the member paid: the payment's day everywhere"),
  payerName: Nullable(Type.String()),
  payerAccount: Nullable(Type.String()),
  payerPhone: Nullable(Type.String()),
  narration: Nullable(Type.String()),
  status: PaymentStatus,
  heldReason: Nullable(HeldReason),
  source: PaymentSource,
  clientId: Type.String({ description: 'The bank client that sent it' }),
  clientName: Nullable(Type.String({ description: "The bank's name" })),
  receivedAt: Timestamp('When the first notification for this reference arrived, or when it was recorded'),
  updatedAt: Timestamp('When it last changed'),
  acceptedAt: NullableTimestamp('When it was accepted'),
  attempts: Type.Integer({
    description: 'Notifications evaluated for this reference (re-sends of an accepted payment are not counted)',
  }),
  rawNotification: Nullable(
    Type.String({
      description:
        'The notification body as received, for audit (its first 4 KiB when it was longer: see rawNotificationTruncated); null when recorded from a statement',
    }),
  ),
  rawNotificationTruncated: Type.Boolean({
    description:
      'true: the body was longer than 4 KiB and rawNotification is its start; the fields above are stored whole',
  }),
});

/** What a held payment's reason comes to in its own case, as it stands now: what the held queue says of it. */
export const HeldCase = Type.Object(
  {
    memberStatus: Nullable(
      StringEnum(MEMBER_STATUSES, {
        description: 'The status now of the member whose number the bank sent; null when no member has it',
      }),
    ),
    nearMembers: Type.Array(
      Type.Object({ customerRef: Type.String({ description: 'Seven digits' }), fullName: Type.String() }),
      {
        description:
          'When no member has the number sent: the active members whose number is one slip away from it, as GET /members?near=&status=active finds them, at most 3, in number order. Empty when a member has it',
      },
    ),
  },
  { description: 'Only with include=heldCase, and only on a held payment: the member it names, or those it may mean' },
);

/** A payment in the list: with its held case when that was asked for. */
export const ListedPayment = Type.Object({ ...Payment.properties, heldCase: Type.Optional(HeldCase) });

export const HistoryEntry = Type.Object({
  at: Timestamp('When it happened'),
  kind: Type.String({
    description: 'received, re_sent, notified_late, allocated, returned or recorded_from_statement',
  }),
  actor: Type.String({ description: 'The operator\'s email, "owner token", or "bank"' }),
  note: Nullable(Type.String({ description: 'Why, as the operator wrote it' })),
  detail: Type.Record(Type.String(), Type.Unknown()),
});

export const PaymentWithHistory = Type.Object(
  { ...Payment.properties, history: Type.Array(HistoryEntry, { description: 'Oldest first' }) },
  { description: 'The payment, with what happened to it' },
);

export const Note = Type.String({ maxLength: 500, description: "Why, for whoever reads the payment's history" });
