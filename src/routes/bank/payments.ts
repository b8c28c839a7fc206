import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { BANK_RESULT } from '../../http/contract-answers.js';
import { BankError, BankUnavailable, NoBody } from '../../http/schemas.js';
import { PaymentNotification } from '../../payments/notification-schema.js';
import type { PaymentsService } from '../../payments/payments-service.js';
import type { SandboxBank } from '../../sandbox/sandbox-bank.js';

export const PAYMENT_BODY_LIMIT = 64 * 1024;

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

export const paymentsRoutes: FastifyPluginAsyncTypebox<{
  paymentsService: Pick<PaymentsService, 'notify'>;
  sandboxBank: Pick<SandboxBank, 'notify'>;
}> = async (app, { paymentsService, sandboxBank }) => {
  app.post(
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
          503: BankUnavailable,
          422: Result(
            'resultCode 2: no successful validation of this member by this client in the window; the payment is held',
          ),
        },
      },
    },
    async (request, reply) => {
      // A sandbox client's notification is a test payment, kept apart from every live one.
      const payments = request.sandbox ? sandboxBank : paymentsService;
      const outcome = await payments.notify(
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
};
