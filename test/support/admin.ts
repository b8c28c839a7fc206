import assert from 'node:assert/strict';
import type { FastifyInstance, InjectOptions } from 'fastify';

// What the tests of the admin API share.

/** A date-time as the APIs write it: ISO 8601 with an offset or Z. */
export const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

export interface AdminRoute {
  method: InjectOptions['method'];
  url: string;
  payload?: Record<string, unknown>;
}

/** Every admin route, each with a request that would succeed (or at least pass validation) with the right token. */
export const ADMIN_ROUTES: AdminRoute[] = [
  { method: 'POST', url: '/admin/v1/clients', payload: { name: 'Intruder Bank' } },
  { method: 'GET', url: '/admin/v1/clients' },
  { method: 'GET', url: '/admin/v1/clients/some-client' },
  { method: 'POST', url: '/admin/v1/clients/some-client/secrets' },
  { method: 'GET', url: '/admin/v1/clients/some-client/test-payments' },
  { method: 'POST', url: '/admin/v1/clients/some-client/test-payment' },
  { method: 'DELETE', url: '/admin/v1/clients/some-client/secrets/some-secret' },
  { method: 'PUT', url: '/admin/v1/members/7000001', payload: { fullName: 'Intruder Member', status: 'active' } },
  { method: 'GET', url: '/admin/v1/members/7000001' },
  { method: 'GET', url: '/admin/v1/members?format=csv&status=active' },
  { method: 'GET', url: '/admin/v1/members/totals?q=700' },
  { method: 'GET', url: '/admin/v1/payments' },
  { method: 'GET', url: '/admin/v1/payments?status=accepted&limit=2' },
  { method: 'GET', url: '/admin/v1/payments/totals?status=held' },
  { method: 'GET', url: '/admin/v1/payments?format=csv&status=held' },
  { method: 'GET', url: '/admin/v1/payments/ABCDEFGH' },
  { method: 'GET', url: '/admin/v1/reports/daily?groupBy=clientAndPaymentType&format=csv' },
  { method: 'POST', url: '/admin/v1/export-feeds', payload: { name: 'intruder-feed', start: 'now' } },
  { method: 'GET', url: '/admin/v1/export-feeds/intruder-feed/batches' },
  { method: 'GET', url: '/admin/v1/reconciliations/totals' },
  { method: 'GET', url: '/admin/v1/reconciliations/1/totals?category=held&open=true' },
  { method: 'GET', url: '/admin/v1/audit?format=csv' },
  { method: 'GET', url: '/admin/v1/audit/totals?action=operator' },
  { method: 'POST', url: '/admin/v1/backup' },
  { method: 'GET', url: '/admin/v1/webhooks/some-webhook/messages?format=csv' },
  { method: 'GET', url: '/admin/v1/webhooks/some-webhook/messages/totals' },
  { method: 'GET', url: '/admin/v1/alerts' },
  {
    method: 'PUT',
    url: '/admin/v1/alerts/settings',
    payload: { morningSummary: { enabled: false, at: '07:00', recipients: [] } },
  },
  { method: 'GET', url: '/admin/v1/operators/me/notifications' },
  { method: 'GET', url: '/admin/v1/openapi.json' },
];

/**
 * callAs(app, route, authorization) makes one call from an address of its own: refused calls from
 * one address close the admin throttle (tested on its own), which would turn these 401s into 429s.
 * Each suite makes its own, so no count is shared between suites.
 */
export function callerFromOwnAddresses() {
  let caller = 0;
  return function callAs(app: FastifyInstance, route: AdminRoute, authorization: string | undefined) {
    caller++;
    return app.inject({
      method: route.method,
      url: route.url,
      remoteAddress: `10.77.${caller >> 8}.${caller & 255}`,
      headers: authorization === undefined ? {} : { authorization },
      ...(route.payload === undefined ? {} : { payload: route.payload }),
    });
  };
}

/** The list of a list answer, whether it comes bare or as {items}. */
export const listOf = (body: any): any[] => (Array.isArray(body) ? body : body.items);

export function assertAdminError(body: any) {
  assert.equal(typeof body.error, 'string', `no error code in ${JSON.stringify(body)}`);
  assert.equal(typeof body.message, 'string', `no message in ${JSON.stringify(body)}`);
  assert.ok(body.message.length > 0);
}
