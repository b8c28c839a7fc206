import { type Static, Type } from '@sinclair/typebox';
import { WEBHOOK_EVENTS } from './events.js';

// What an admin sends to add or change a webhook endpoint: the API's bodies and the service's input.

const Events = Type.Array(Type.Union(WEBHOOK_EVENTS.map((event) => Type.Literal(event))), {
  minItems: 1,
  description: `Among ${WEBHOOK_EVENTS.join(', ')}`,
});

export const Internal = Type.Boolean({
  description:
    "The receiver is on the organisation's own network or machine: it may be at a loopback or private address, " +
    'and plain http://. Link-local and cloud metadata addresses are refused whatever this says.',
});

const TestEvents = Type.Boolean({
  description:
    'Also send the sandbox clients\' test payments (their bodies say "livemode": false). false or absent: live payments only',
});

export const WebhookCreate = Type.Object({
  url: Type.String({
    description:
      'https:// to a public address; http:// only to an internal endpoint, or with BIS_WEBHOOKS_ALLOW_HTTP=true',
  }),
  events: Events,
  description: Type.Optional(Type.String({ maxLength: 200 })),
  internal: Type.Optional(Internal),
  testEvents: Type.Optional(TestEvents),
});

export const WebhookChange = Type.Object({
  url: Type.Optional(Type.String()),
  events: Type.Optional(Events),
  description: Type.Optional(Type.String({ maxLength: 200 })),
  enabled: Type.Optional(Type.Boolean({ description: 'false stops deliveries; true resumes them' })),
  internal: Type.Optional(Internal),
  testEvents: Type.Optional(TestEvents),
});

export type WebhookInput = Static<typeof WebhookChange>;
