import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { MemberStatusSchema } from '../member-statuses.js';
import { PaymentWithHistory } from '../payments/payment-schemas.js';

const MemberStatusChanged = Type.Object({
  customerRef: Type.String({ description: "The member's number" }),
  fullName: Type.String(),
  status: MemberStatusSchema,
  previousStatus: MemberStatusSchema,
});

const WebhookTest = Type.Object({ message: Type.String() });

interface EventType {
  /** The body's `type`, and what an endpoint subscribes to. */
  name: string;
  /** The body's `data`. */
  data: TSchema;
  /**
   * payment: the message holds the payment's id, and `data` is the payment as
   * GET /admin/v1/payments/{paymentId} shows it when the message is sent. payload: the message
   * holds `data` itself.
   */
  about: 'payment' | 'payload';
  /** subscribers: every enabled endpoint subscribed to it when it is written. one endpoint: the one asked for. */
  to: 'subscribers' | 'one endpoint';
  /** What emits it, and which of the outbox's ways (src/webhooks/outbox.ts) it takes. */
  emittedBy: string;
}

/**
 * Every event the ERP's webhooks tell of, declared here and nowhere else: the admin API's
 * schemas, the validation of an endpoint's events and the command line's help read this list,
 * and code names an event by its key here (EVENT.paymentHeld), never by a string. The order is
 * the order the API documents them in.
 */
export const EVENT_TYPES = {
  paymentAccepted: {
    name: 'payment.accepted',
    data: PaymentWithHistory,
    about: 'payment',
    to: 'subscribers',
    emittedBy:
      "the bank's notification, accepted: the accepted-payments feed (accepted-messages.ts) writes its messages from " +
      'the accepted payment itself, so the statement that records it writes nothing for the webhooks',
  },
  paymentHeld: {
    name: 'payment.held',
    data: PaymentWithHistory,
    about: 'payment',
    to: 'subscribers',
    emittedBy:
      "the bank's notification, held under a reference new to the client: a part of the statement that records it " +
      '(record-statement.ts, emitEach)',
  },
  paymentAllocated: {
    name: 'payment.allocated',
    data: PaymentWithHistory,
    about: 'payment',
    to: 'subscribers',
    emittedBy: 'finance allocated a held payment to a member (resolution-service.ts, emit)',
  },
  paymentReturned: {
    name: 'payment.returned',
    data: PaymentWithHistory,
    about: 'payment',
    to: 'subscribers',
    emittedBy: 'finance returned a held payment (resolution-service.ts, emit)',
  },
  paymentRecordedFromStatement: {
    name: 'payment.recorded_from_statement',
    data: PaymentWithHistory,
    about: 'payment',
    to: 'subscribers',
    emittedBy: 'finance recorded a payment from a bank statement line (line-recording-service.ts, emit)',
  },
  memberStatusChanged: {
    name: 'member.status_changed',
    data: MemberStatusChanged,
    about: 'payload',
    to: 'subscribers',
    emittedBy:
      "a member's status changed: PUT of one member (members-service.ts, emit), or the import of the register " +
      '(members-import-store.ts, emitEach: one statement for every member the file changes)',
  },
  webhookTest: {
    name: 'webhook.test',
    data: WebhookTest,
    about: 'payload',
    to: 'one endpoint',
    emittedBy: 'an admin asked for a test message to one endpoint (messages-service.ts, emit); no endpoint subscribes',
  },
} as const satisfies Record<string, EventType>;

type Types = typeof EVENT_TYPES;
type Key = keyof Types;
export type EventName = Types[Key]['name'];
/** The events an endpoint may subscribe to. */
export type WebhookEvent = Extract<Types[Key], { to: 'subscribers' }>['name'];

/** Each event's name by its key: what code writes to name one. */
export const EVENT = Object.fromEntries(Object.entries(EVENT_TYPES).map(([key, type]) => [key, type.name])) as {
  readonly [K in Key]: Types[K]['name'];
};

/** The events an endpoint may subscribe to, in order. */
export const WEBHOOK_EVENTS = Object.values(EVENT_TYPES).flatMap((type) =>
  type.to === 'subscribers' ? [type.name] : [],
) as readonly WebhookEvent[];

const byName = new Map<string, EventType>(Object.values(EVENT_TYPES).map((type) => [type.name, type]));

/** An event's declaration by its name. */
export function eventType(name: EventName): EventType {
  const type = byName.get(name);
  if (!type) throw new Error(`no event type ${name}`);
  return type;
}

/**
 * One event as a change emits it. A payment's event holds the payment's id; any other event its
 * data, as its schema says; one sent to one endpoint names it.
 */
export type OutboxEvent = { at: Date } & {
  [K in Key]: Types[K] extends { about: 'payment' }
    ? { type: Types[K]['name']; paymentId: number }
    : Types[K] extends { to: 'one endpoint' }
      ? { type: Types[K]['name']; payload: Static<Types[K]['data']>; endpointId: string }
      : { type: Types[K]['name']; payload: Static<Types[K]['data']> };
}[Key];
