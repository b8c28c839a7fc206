import { Type } from '@sinclair/typebox';
import { paging } from '../../../http/schemas.js';
import { orList } from '../../../or-list.js';
import { PAYMENT_TYPES } from '../../../payments/channels.js';
import { PaymentStatus } from '../../../payments/payment-schemas.js';

export { HistoryEntry, Payment, PaymentStatus, PaymentWithHistory } from '../../../payments/payment-schemas.js';

/** The day filters of the payments search and the export by date: on the day paid, as the daily totals. */
export const PAID_FROM =
  'First day paid (transactionDate), YYYY-MM-DD: from the start of that day in BIS_TIME_ZONE. Or an ISO 8601 date-time: paid at or after it';
export const PAID_TO =
  'Last day paid (transactionDate), YYYY-MM-DD, included: to the end of that day in BIS_TIME_ZONE. Or an ISO 8601 date-time: paid before it. Not before from';

export const PaymentsQuery = Type.Object({
  status: Type.Optional(PaymentStatus),
  customerRef: Type.Optional(Type.String({ description: 'The member: credited, or named by a held payment' })),
  transactionReference: Type.Optional(Type.String({ description: "The bank's reference" })),
  clientId: Type.Optional(Type.String({ description: "Only this bank's payments" })),
  paymentType: Type.Optional(Type.String({ description: `The channel, in any case: ${orList(PAYMENT_TYPES)}` })),
  from: Type.Optional(Type.String({ description: PAID_FROM })),
  to: Type.Optional(Type.String({ description: PAID_TO })),
  order: Type.Optional(
    Type.Union([Type.Literal('newest'), Type.Literal('oldest')], {
      description: 'newest first (default), or oldest first: the held queue',
    }),
  ),
  ...paging(),
});

export const Note = Type.String({ maxLength: 500, description: "Why, for whoever reads the payment's history" });
