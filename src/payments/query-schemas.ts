import { Type } from '@sinclair/typebox';
import { orList } from '../or-list.js';
import { CsvFormat, paging } from '../schema-parts.js';
import { PAYMENT_TYPES } from './channels.js';
import { PaymentStatus } from './payment-schemas.js';

// What the payments search and the ERP export are asked: the API's query strings and the services' input.

/** The day filters of the payments search and the export by date: on the day paid, as the daily totals. */
const PAID_FROM =
  'First day paid (transactionDate), YYYY-MM-DD: from the start of that day in BIS_TIME_ZONE. Or an ISO 8601 date-time: paid at or after it';
const PAID_TO =
  'Last day paid (transactionDate), YYYY-MM-DD, included: to the end of that day in BIS_TIME_ZONE. Or an ISO 8601 date-time: paid before it. Not before from';

export const PaymentsSearch = Type.Object({
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        "Text found anywhere in the bank's reference, the member number, the member's name, the payer's name or the payer's phone, in any case; a phone matches by its digits alone too",
    }),
  ),
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
  include: Type.Optional(
    Type.Literal('heldCase', {
      description:
        "heldCase: each held payment of the page comes with its heldCase, for the held queue's words on it; not in the CSV",
    }),
  ),
  format: CsvFormat('every payment the filters find, all pages, limit and cursor ignored'),
  ...paging(),
});

/** The same filters as the search, without its order, paging, what it includes and format: what the totals are of. */
export const PaymentsTotalsQuery = Type.Omit(PaymentsSearch, ['order', 'include', 'limit', 'cursor', 'format']);

/** How many payments a search finds, and their sum in each currency. */
export const PaymentTotals = Type.Object({
  count: Type.Integer({ description: 'Every payment the filters match' }),
  byCurrency: Type.Array(
    Type.Object({
      currency: Type.String(),
      count: Type.Integer(),
      sum: Type.String({ description: 'Exact decimal' }),
    }),
    { description: 'One entry per currency, in alphabetical order; none when nothing matches' },
  ),
});

export const ExportQuery = Type.Object({
  format: Type.Union([Type.Literal('csv'), Type.Literal('ndjson')], { default: 'csv' }),
  from: Type.Optional(Type.String({ description: `${PAID_FROM}; not with since or feed` })),
  to: Type.Optional(Type.String({ description: `${PAID_TO}; not with since or feed` })),
  since: Type.Optional(
    Type.String({ description: 'The Next-Cursor header of the previous export; not with from, to or feed' }),
  ),
  feed: Type.Optional(
    Type.String({
      description:
        'A named feed: starts where the feed stopped. Once the file is written whole, PUT /export-feeds/{name} moves the feed',
    }),
  ),
  until: Type.Optional(
    Type.String({
      description:
        "A Next-Cursor: stop there instead of now. With since, exactly the payments of an export made before (a feed's batch, from its since and until); not with from, to or feed",
    }),
  ),
});
