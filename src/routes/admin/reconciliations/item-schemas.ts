import { Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../../../http/schemas.js';
import { DEALT_WITH_NOTE_MAX } from '../../../reconciliation/dealt-with-service.js';
import { Suggestion } from '../../../reconciliation/suggestion.js';

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
  suggestion: Nullable(Suggestion),
};

export const DealtWithBody = Type.Object({
  note: Type.String({
    maxLength: DEALT_WITH_NOTE_MAX,
    description: 'What was done: required, at most 1,000 characters',
  }),
});
