import type { paths } from '../../api-types.js';

export type WebhookEvent =
  paths['/admin/v1/webhooks']['post']['requestBody']['content']['application/json']['events'][number];

/** Each event the API offers, in plain words; the type makes a new event fail the build until it is described. */
export const EVENTS: Record<WebhookEvent, string> = {
  'payment.accepted': 'A payment was accepted (it has a receipt)',
  'payment.held': 'A payment was held for finance to look at',
  'payment.allocated': 'Finance allocated a held payment to a member',
  'payment.returned': 'Finance returned a held payment to the payer',
  'payment.recorded_from_statement': 'Finance recorded a payment from a bank statement line',
  'member.status_changed': "A member's status changed",
};
