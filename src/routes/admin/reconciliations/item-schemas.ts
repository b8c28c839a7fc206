import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../../../http/schemas.js';
import { DEALT_WITH_NOTE_MAX } from '../../../reconciliation/dealt-with-service.js';

/** What a run still has open: what finance has not dealt with yet. */
export const OpenFigures = Type.Object(
  {
    count: Type.Integer(),
    sum: Type.String({ description: 'Exact decimal, "0.00" when none' }),
    byCategory: Type.Record(Type.String(), Type.Integer(), {
      description: 'How many are open in each category; a category with none is left out',
    }),
  },
  {
    description:
      'The items that still need someone: every item but matched lines and debits, until marked dealt with, except a held line whose payment is no longer held and a missing_notification line recorded since',
  },
);

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

/** The fields an item has to help finance decide. */
export const ItemExtras = {
  itemKey: Type.String({
    description:
      'Names the item in /reconciliations/{id}/items/{itemKey}: "line-" and the line number, or "payment-" and the paymentId for a payment not on the statement',
  }),
  difference: Nullable(
    Type.String({
      description:
        'amount_mismatch only: the statement amount minus the notified one, exact ("-50.00": 50.00 short); null when the currencies differ',
    }),
  ),
  open: Type.Boolean({ description: 'It still needs someone (see the run\'s "open")' }),
  dealtWith: Nullable(
    Type.Object(
      {
        by: Type.String({ description: "The operator's email, or owner token" }),
        at: Timestamp('When it was marked'),
        note: Type.String(),
      },
      { description: 'Marked dealt with: by whom, when, and what was done' },
    ),
  ),
  suggestion: Nullable(
    Type.Object(
      { member: Nullable(SuggestedMember), heldPayments: Type.Array(SuggestedHeldPayment) },
      {
        description:
          'missing_notification lines not recorded: who the money may be for, and held payments of the bank with the same amount whose day (in BIS_TIME_ZONE) is the booking date. null when nothing is suggested',
      },
    ),
  ),
};

export const DealtWithBody = Type.Object({
  note: Type.String({
    maxLength: DEALT_WITH_NOTE_MAX,
    description: 'What was done: required, at most 1,000 characters',
  }),
});
