import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { AdminError, Nullable, NullableTimestamp, Timestamp } from '../http/schemas.js';
import { Readable } from 'node:stream';
import type { ExportRequest, PaymentsExport } from '../payments/payments-export.js';
import type { PaymentQuery, PaymentsQuery } from '../payments/payments-query.js';

const Payment = Type.Object({
  erpRefId: Nullable(Type.String({ description: 'The Payment Receipt Number; null while held' })),
  transactionReference: Type.String(),
  paymentType: Type.String(),
  customerRef: Type.String({ description: 'As sent, trimmed' }),
  memberName: Nullable(Type.String()),
  amount: Type.String({ description: 'Exact decimal, e.g. "1500.50"' }),
  currency: Type.String(),
  transactionDate: Timestamp('When the bank says the payment was made'),
  payerName: Nullable(Type.String()),
  payerAccount: Nullable(Type.String()),
  payerPhone: Nullable(Type.String()),
  narration: Nullable(Type.String()),
  status: Type.Union([Type.Literal('accepted'), Type.Literal('held')]),
  heldReason: Nullable(Type.Union([Type.Literal('customer_not_payable'), Type.Literal('not_validated')])),
  clientId: Type.String({ description: 'The bank client that sent it' }),
  receivedAt: Timestamp('When the first notification for this reference arrived'),
  updatedAt: Timestamp('When it was last evaluated'),
  acceptedAt: NullableTimestamp('When it was accepted'),
  attempts: Type.Integer({ description: 'Notifications evaluated for this reference (re-sends of an accepted payment are not counted)' }),
  rawNotification: Type.String({ description: 'The notification body exactly as received, for audit' }),
});

const Query = Type.Object({
  status: Type.Optional(Type.Union([Type.Literal('accepted'), Type.Literal('held')])),
  customerRef: Type.Optional(Type.String()),
  from: Type.Optional(Type.String({ description: 'Received at or after (ISO 8601)' })),
  to: Type.Optional(Type.String({ description: 'Received before (ISO 8601)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
  cursor: Type.Optional(Type.String({ description: 'nextCursor of the page before' })),
});

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', ndjson: 'application/x-ndjson; charset=utf-8' } as const;

export async function adminPaymentsRoutes(
  app: FastifyInstance,
  { paymentsQuery, paymentsExport }: { paymentsQuery: PaymentsQuery; paymentsExport: PaymentsExport },
) {
  app.get<{ Querystring: ExportRequest }>(
    '/payments/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'The ERP feed: accepted payments, each in exactly one export when each export passes the previous Next-Cursor as since',
        querystring: Type.Object({
          format: Type.Union([Type.Literal('csv'), Type.Literal('ndjson')], { default: 'csv' }),
          from: Type.Optional(Type.String({ description: 'Accepted at or after (ISO 8601)' })),
          to: Type.Optional(Type.String({ description: 'Accepted before (ISO 8601)' })),
          since: Type.Optional(Type.String({ description: 'The Next-Cursor header of the previous export; not with from or to' })),
        }),
        produces: ['text/csv', 'application/x-ndjson'],
        response: {
          200: Type.String({
            description:
              'CSV with a header row (RFC 4180) or one JSON object per line: erpRefId, transactionReference, paymentType, customerRef, memberName, amount, currency, transactionDate, receivedAt, clientId. The Next-Cursor header is the since of the next export; a from/to export has none.',
          }),
          400: AdminError,
          401: AdminError,
        },
      },
    },
    async (request, reply) => {
      const { nextCursor, lines } = await paymentsExport.start(request.query);
      if (nextCursor) reply.header('next-cursor', nextCursor);
      return reply
        .header('cache-control', 'no-store')
        .type(CONTENT_TYPES[request.query.format])
        .send(Readable.from(lines));
    },
  );

  app.get<{ Querystring: PaymentQuery }>(
    '/payments',
    {
      schema: {
        tags: ['admin'],
        summary: 'Payments, newest first',
        querystring: Query,
        response: {
          200: Type.Object({ items: Type.Array(Payment), nextCursor: Nullable(Type.String({ description: 'null on the last page' })) }),
          400: AdminError,
          401: AdminError,
        },
      },
    },
    async (request) => paymentsQuery.list(request.query),
  );

  app.get<{ Params: { erpRefId: string } }>(
    '/payments/:erpRefId',
    {
      schema: {
        tags: ['admin'],
        summary: 'An accepted payment by its receipt number',
        params: Type.Object({ erpRefId: Type.String() }),
        response: { 200: Payment, 401: AdminError, 404: AdminError },
      },
    },
    async (request) => paymentsQuery.getByReceipt(request.params.erpRefId),
  );
}
