import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { actorOf } from '../../../http/actor.js';
import { csvFileName, pageOrCsv, pageOrCsvAnswers } from '../../../http/csv-answer.js';
import { AdminError, described } from '../../../http/schemas.js';
import { PAYMENT_CSV_FIELDS } from '../../../payments/payments-csv.js';
import type { PaymentsQuery } from '../../../payments/payments-query.js';
import type { ResolutionService } from '../../../payments/resolution-service.js';
import {
  ListedPayment,
  Note,
  PaymentsSearch,
  PaymentsTotalsQuery,
  PaymentTotals,
  PaymentWithHistory,
} from './schemas.js';

const PaymentIdParams = Type.Object({ paymentId: Type.Integer({ minimum: 1, description: 'The paymentId' }) });

export const adminPaymentsRoutes: FastifyPluginAsyncTypebox<{
  paymentsQuery: PaymentsQuery;
  resolutionService: ResolutionService;
}> = async (app, { paymentsQuery, resolutionService }) => {
  app.get(
    '/payments',
    {
      config: { role: 'viewer' },
      schema: {
        summary:
          'Payments, newest received first (or oldest first), filtered; from/to on the day paid. As CSV, every one found',
        querystring: PaymentsSearch,
        ...pageOrCsvAnswers(ListedPayment, {
          page: 'One page of payments',
          csv: `${PAYMENT_CSV_FIELDS.join(', ')}. paidOn is the day and time paid in BIS_TIME_ZONE (YYYY-MM-DD HH:MM); transactionDate and receivedAt are exact, in UTC; the other fields are the JSON list's`,
          both: 'One page of payments; as CSV, every payment the filters find, in the same order',
        }),
      },
    },
    async (request, reply) => {
      const { status, customerRef, from, to } = request.query;
      return pageOrCsv(request, reply, {
        page: () => paymentsQuery.list(request.query),
        file: () => csvFileName('payments', [status, customerRef, from, to]),
        lines: () => paymentsQuery.csv(request.query),
      });
    },
  );

  app.get(
    '/payments/totals',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'How many payments the same filters as GET /payments match, and their exact sum per currency',
        querystring: PaymentsTotalsQuery,
        response: { 200: described(PaymentTotals, 'The count and the sums of every page of the search') },
      },
    },
    async (request) => paymentsQuery.totals(request.query),
  );

  app.get(
    '/payments/:receiptOrId',
    {
      config: { role: 'viewer' },
      schema: {
        summary: 'A payment by its receipt number or its paymentId, with its history',
        params: Type.Object({
          receiptOrId: Type.String({ description: 'The erpRefId (8 characters) or the paymentId' }),
        }),
        response: { 200: PaymentWithHistory },
      },
    },
    async (request) => paymentsQuery.get(request.params.receiptOrId),
  );

  app.post(
    '/payments/:paymentId/allocate',
    {
      config: { role: 'finance' },
      schema: {
        summary: 'Accept a held payment for a member, with a new receipt; it then goes to the ERP export once',
        params: PaymentIdParams,
        body: Type.Object({ customerRef: Type.String({ description: 'The member: seven digits' }), note: Note }),
        response: {
          200: described(PaymentWithHistory, 'The payment, accepted, with its new erpRefId'),
          409: described(AdminError, 'The payment is not held, or the member does not exist or is not active'),
        },
      },
    },
    async (request) => {
      await resolutionService.allocate(request.params.paymentId, request.body, actorOf(request));
      return paymentsQuery.get(String(request.params.paymentId));
    },
  );

  app.post(
    '/payments/:paymentId/return',
    {
      config: { role: 'finance' },
      schema: {
        summary: 'Mark a held payment returned to the payer: final, never exported',
        params: PaymentIdParams,
        body: Type.Object({ note: Note }),
        response: {
          200: described(PaymentWithHistory, 'The payment, returned'),
          409: described(AdminError, 'The payment is not held'),
        },
      },
    },
    async (request) => {
      await resolutionService.return(request.params.paymentId, request.body, actorOf(request));
      return paymentsQuery.get(String(request.params.paymentId));
    },
  );
};
