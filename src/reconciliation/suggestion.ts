import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../schema-parts.js';

// What a reconciliation line never notified may be: the service works it out, the API shows it.

const SuggestedMember = Type.Object(
  {
    memberNumber: Type.String(),
    fullName: Type.String(),
    why: Type.Union([Type.Literal('member number in the text'), Type.Literal('name in the text')]),
  },
  {
    description:
      'The one active member whose seven-digit number (first) or full name (two words or more, any case) the narration or reference holds as whole words; null when none or several',
  },
);

const SuggestedHeldPayment = Type.Object({
  paymentId: Type.Integer(),
  transactionReference: Type.String(),
  amount: Type.String(),
  currency: Type.String(),
  customerRef: Type.String({ description: 'The member number the bank sent' }),
  heldReason: Nullable(Type.String()),
  transactionDate: Timestamp('When the bank says the payment was made'),
});

/** Who a line the bank never notified may be for, and which held payments may be its notification. */
export const Suggestion = Type.Object(
  { member: Nullable(SuggestedMember), heldPayments: Type.Array(SuggestedHeldPayment) },
  {
    description:
      'missing_notification lines not recorded: who the money may be for, and held payments of the bank with the same amount whose day (in BIS_TIME_ZONE) is the booking date. null when nothing is suggested',
  },
);
export type Suggestion = Static<typeof Suggestion>;
