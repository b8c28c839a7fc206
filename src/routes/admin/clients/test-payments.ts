import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { actorOf } from '../../../http/actor.js';
import { AdminError, described } from '../../../http/schemas.js';
import { Payment } from '../../../payments/payment-schemas.js';
import type { SelfTest } from '../../../sandbox/self-test.js';
import type { TestPaymentsService } from '../../../sandbox/test-payments-service.js';
import { Nullable, paging } from '../../../schema-parts.js';

const ClientParams = Type.Object({ clientId: Type.String() });

const Step = Type.Object({
  name: Type.String({ description: 'What the bank did, e.g. "payment for 9900001"' }),
  passed: Type.Boolean({ description: 'The answer was the one the contract gives' }),
  ms: Type.Number({ description: 'How long the answer took, in milliseconds' }),
  detail: Type.String({ description: 'What was wrong, or what came back (the receipt)' }),
  erpRefId: Type.Optional(Type.String({ description: 'The receipt the answer gave' })),
});

const Delivery = Type.Object({
  webhookId: Type.String(),
  url: Type.String(),
  event: Type.String({ description: 'payment.accepted' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')], {
    description: 'delivered: the endpoint answered 2xx; pending: it did not yet, and is tried again as any message',
  }),
  lastStatusCode: Nullable(Type.Integer({ description: "The endpoint's answer; null when none came" })),
  attempts: Type.Integer(),
});

/** A sandbox client's test payments: listed under the bank alone, never among the payments. */
export const adminTestPaymentsRoutes: FastifyPluginAsyncTypebox<{
  testPayments: TestPaymentsService;
  selfTest: SelfTest;
}> = async (app, { testPayments, selfTest }) => {
  app.post(
    '/clients/:clientId/test-payment',
    {
      schema: {
        summary: 'Send a test payment as a sandbox bank, through the public address, and show each step',
        description:
          'The service plays the bank against BIS_PUBLIC_URL (through the proxy and TLS, as the bank would) with a ' +
          'secret it makes for this and revokes at the end: a token, the validation of test member 9900001, a ' +
          'payment and its retry. Then the webhook messages of the test payment to endpoints subscribed to test ' +
          'events, once sent. 409 for a live client.',
        params: ClientParams,
        response: {
          200: Type.Object(
            {
              passed: Type.Boolean({ description: 'Every step passed' }),
              steps: Type.Array(Step),
              deliveries: Type.Array(Delivery, {
                description: 'Empty when no endpoint subscribes to test events (or no payment was made)',
              }),
            },
            { description: 'Each step, and the webhook deliveries' },
          ),
          404: described(AdminError, 'No such client'),
          409: described(AdminError, 'A live client: only a sandbox client sends test payments'),
        },
      },
    },
    async (request) => {
      const { steps, deliveries } = await selfTest.sendTestPayment(request.params.clientId, actorOf(request));
      return { passed: steps.every((step) => step.passed), steps, deliveries };
    },
  );

  app.get(
    '/clients/:clientId/test-payments',
    {
      config: { role: 'viewer' },
      schema: {
        summary: "A sandbox client's test payments, newest first",
        description:
          'Test payments are in no other list, total, export, feed or reconciliation, and are deleted after ' +
          'BIS_SANDBOX_RETENTION (30 days). A live client has none.',
        params: ClientParams,
        querystring: Type.Object(paging()),
        response: {
          200: Type.Object(
            {
              items: Type.Array(Payment),
              nextCursor: Nullable(Type.String({ description: 'Pass back as cursor for the next page' })),
            },
            { description: 'One page of test payments' },
          ),
          404: described(AdminError, 'No such client'),
        },
      },
    },
    async (request) =>
      testPayments.listOfClient(request.params.clientId, {
        limit: request.query.limit ?? 50,
        cursor: request.query.cursor,
      }),
  );
};
