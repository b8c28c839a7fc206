import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { BANK_RESULT } from '../http/contract-answers.js';
import { BankError, NoBody } from '../http/schemas.js';
import { PAYMENT_TYPES, type PaymentType } from './channels.js';
import { MAX_REFERENCE_LENGTH, type PaymentNotificationBody } from './notification.js';
import type { PaymentsService } from './payments-service.js';

export const PAYMENT_BODY_LIMIT = 64 * 1024;

const MemberNumber = Type.String({
  // Long enough for any Member Number with spaces around it; a longer string is a mistake, not a reference.
  maxLength: 64,
  description: 'The Member Number: seven digits; surrounding spaces are ignored',
});

const PaymentNotification = Type.Object(
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

const Result = (description: string) =>
  Type.Object({ resultCode: Type.Integer(), message: Type.String() }, { description });

const Accepted = Type.Object(
  {
    resultCode: Type.Literal(0),
    message: Type.Literal('Payment accepted'),
    erpRefId: Type.String({ description: 'The Payment Receipt Number: eight characters' }),
    transactionReference: Type.String({ description: 'The reference as recorded (trimmed)' }),
  },
  {
    description: 'Accepted, or the same notification re-sent: the same erpRefId',
    examples: [
      { resultCode: 0, message: 'Payment accepted', erpRefId: '38Y7JWWR', transactionReference: 'FT26325ABCD' },
    ],
  },
);

const HELD_ANSWERS = {
  customer_not_payable: { status: 404, resultCode: BANK_RESULT.customerNotFound, message: 'Customer not found' },
  not_validated: { status: 422, resultCode: BANK_RESULT.notValidated, message: 'Customer not validated' },
} as const;

export async function paymentsRoutes(app: FastifyInstance, { paymentsService }: { paymentsService: PaymentsService }) {
  app.post<{ Body: PaymentNotificationBody }>(
    '/bank/v1/payments',
    {
      bodyLimit: PAYMENT_BODY_LIMIT,
      config: { counts: 'payments' },
      schema: {
        tags: ['bank'],
        summary: 'Notify a payment',
        description:
          'resultCode: 0 accepted, 1 customer not found (held), 2 customer not validated (held), 3 duplicate reference with other details, 4 invalid input.',
        security: [{ bankOAuth: [] }],
        body: PaymentNotification,
        response: {
          200: Accepted,
          400: BankError,
          401: NoBody('Token missing, expired or not valid: request a new token'),
          404: Result('resultCode 1: the member cannot receive a payment now; the payment is held'),
          409: Type.Object(
            {
              resultCode: Type.Literal(BANK_RESULT.duplicate),
              message: Type.Literal('Duplicate transactionReference'),
              erpRefId: Type.String({
                description: 'The receipt of the payment already accepted under this reference',
              }),
            },
            { description: 'resultCode 3: this reference was accepted with other details; the original stands' },
          ),
          413: NoBody('Body larger than 64 KiB'),
          503: BankError,
          422: Result(
            'resultCode 2: no successful validation of this member by this client in the window; the payment is held',
          ),
        },
      },
    },
    async (request, reply) => {
      const outcome = await paymentsService.notify(
        request.clientId,
        request.body,
        request.rawBody ?? JSON.stringify(request.body),
      );
      switch (outcome.kind) {
        case 'accepted':
          request.outcome = { outcome: 'accepted' };
          return {
            resultCode: BANK_RESULT.ok,
            message: 'Payment accepted',
            erpRefId: outcome.erpRefId,
            transactionReference: outcome.transactionReference,
          };
        case 'duplicate_mismatch':
          request.outcome = { outcome: 'duplicate_mismatch' };
          return reply.code(409).send({
            resultCode: BANK_RESULT.duplicate,
            message: 'Duplicate transactionReference',
            erpRefId: outcome.erpRefId,
          });
        case 'held': {
          request.outcome = { outcome: 'held', reason: outcome.reason, newReference: outcome.newReference };
          const { status, resultCode, message } = HELD_ANSWERS[outcome.reason];
          return reply.code(status).send({ resultCode, message });
        }
      }
    },
  );
}
