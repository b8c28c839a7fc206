import { Type } from '@sinclair/typebox';
import { described, Nullable, Timestamp } from '../../../http/schemas.js';
import { Internal } from '../../../webhooks/webhook-input.js';

export { WebhookChange, WebhookCreate } from '../../../webhooks/webhook-input.js';

export const WebhookParams = Type.Object({ webhookId: Type.String() });
export const MessageParams = Type.Object({ webhookId: Type.String(), messageId: Type.String() });

export const Webhook = Type.Object({
  webhookId: Type.String(),
  url: Type.String({ description: 'Its query (…?…), which may hold a token, is shown to admins only' }),
  internal: Internal,
  description: Type.String(),
  events: Type.Array(Type.String()),
  testEvents: Type.Boolean({
    description: 'Also sent the sandbox clients\' test payments, whose bodies say "livemode": false',
  }),
  enabled: Type.Boolean(),
  disabledReason: Nullable(
    Type.String({ description: 'Why deliveries stopped: an operator, a 410, five days of failures' }),
  ),
  previousSecretUntil: Nullable(Timestamp('Until when the secret before the last rotation still signs too')),
  createdAt: Timestamp('When it was added'),
  updatedAt: Timestamp('When it last changed'),
});

export const WebhookWithSecret = Type.Object(
  {
    ...Webhook.properties,
    secret: Type.String({ description: 'whsec_…: the signing secret, shown this once' }),
  },
  { description: 'The endpoint and its signing secret, shown this once' },
);

const Outcome = Type.Union(
  [Type.Literal('delivered'), Type.Literal('rejected'), Type.Literal('no_answer'), Type.Literal('address_not_allowed')],
  {
    description:
      'delivered (a 2xx), rejected (another status), no_answer (timeout, refused, closed), or address_not_allowed ' +
      '(not sent: the address is one the endpoint may not reach)',
  },
);

export const MessageStatus = Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]);

export const Message = Type.Object({
  messageId: Type.String({ description: 'msg_…: the webhook-id header of every attempt' }),
  type: Type.String(),
  paymentId: Nullable(Type.Integer()),
  erpRefId: Nullable(
    Type.String({ description: "The payment's receipt; null until it is accepted, or for an event of no payment" }),
  ),
  transactionReference: Nullable(Type.String({ description: "The bank's reference of the payment" })),
  amount: Nullable(Type.String({ description: "The payment's amount, an exact decimal" })),
  currency: Nullable(Type.String({ description: "The payment's currency" })),
  occurredAt: Timestamp('When the change happened'),
  status: MessageStatus,
  attempts: Type.Integer({
    description: 'Every attempt to deliver it so far, those before it was sent again included',
  }),
  lastAttemptAt: Nullable(Timestamp('When the last attempt ended; null before the first')),
  lastOutcome: Nullable(described(Outcome, 'How the last attempt went')),
  nextAttemptAt: Nullable(Timestamp('When it is tried next, while pending')),
  deliveredAt: Nullable(Timestamp('When a 2xx came')),
  lastStatusCode: Nullable(Type.Integer()),
});

export const MessageTotals = Type.Object(
  {
    count: Type.Integer({ description: 'How many messages the list finds with this status filter' }),
    byStatus: Type.Object(
      { pending: Type.Integer(), delivered: Type.Integer(), failed: Type.Integer() },
      { description: "The endpoint's messages in each status" },
    ),
  },
  { description: 'How many messages match, over every page' },
);

export const Attempt = Type.Object({
  at: Timestamp('When the answer came, or the attempt gave up'),
  statusCode: Nullable(Type.Integer({ description: 'null when no answer came (timeout, refused, closed)' })),
  outcome: Outcome,
  latencyMs: Type.Integer(),
  response: Nullable(Type.String({ description: 'The first 1 KiB of the answer; admins only' })),
  error: Nullable(Type.String({ description: 'Why no answer came; admins only' })),
});
