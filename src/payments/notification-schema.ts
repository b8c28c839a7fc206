import { type Static, Type } from '@sinclair/typebox';
import { PAYMENT_TYPES, type PaymentType } from './channels.js';

/** The longest bank reference, after trimming: the contract's transactionReference. */
export const MAX_REFERENCE_LENGTH = 64;

const MemberNumber = Type.String({
  // Long enough for any Member Number with spaces around it; a longer string is a mistake, not a reference.
  maxLength: 64,
  description: 'The Member Number: seven digits; surrounding spaces are ignored',
});

/**
 * The bank's payment notification as the schema lets it through: types are checked here, the
 * contract's rules (readNotification) after. The route validates with it and documents it.
 */
export const PaymentNotification = Type.Object(
  {
    transactionReference: Type.String({
      description: `The bank's unique reference for this payment, 1 to ${MAX_REFERENCE_LENGTH} characters after trimming`,
    }),
    // An enum rather than a union of constants, so a wrong value is answered with the allowed ones.
    paymentType: Type.Unsafe<PaymentType>({
      type: 'string',
      enum: [...PAYMENT_TYPES],
      description: `The channel: ${PAYMENT_TYPES.join(', ')}`,
    }),
    customerRef: Type.Optional(MemberNumber),
    additions: Type.Optional(
      Type.Object(
        { customerRef: Type.Optional(MemberNumber) },
        { additionalProperties: true, description: 'Accepted in place of customerRef' },
      ),
    ),
    // One type list rather than a union, so a boolean is answered "must be a string or number".
    amount: Type.Unsafe<string | number>({
      type: ['string', 'number'],
      description: 'Greater than 0, at most 13 digits before the point and 2 after, e.g. "1500.50"',
    }),
    currency: Type.Optional(Type.String({ description: 'ISO 4217 code; default KES' })),
    transactionDate: Type.Optional(
      Type.String({
        description: 'ISO 8601 date-time; without an offset it is read as UTC; default the time of receipt',
      }),
    ),
    payerName: Type.Optional(Type.String({ maxLength: 200 })),
    payerAccount: Type.Optional(Type.String({ maxLength: 64 })),
    payerPhone: Type.Optional(Type.String({ maxLength: 32 })),
    narration: Type.Optional(Type.String({ maxLength: 500 })),
  },
  {
    additionalProperties: true,
    description: 'customerRef is required, at the top level or as additions.customerRef',
    examples: [
      {
        transactionReference: 'FT26325ABCD',
        paymentType: 'MPESA',
        customerRef: '1234567',
        amount: '1500.50',
        transactionDate: '2026-11-21T10:15:00+03:00',
        payerName: 'JANE WANJIRU',
        narration: 'Monthly contribution',
      },
    ],
  },
);

/** The notification as the schema lets it through: types are checked, rules are not yet. */
export type PaymentNotificationBody = Static<typeof PaymentNotification>;
