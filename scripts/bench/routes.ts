// The three bank routes as `npm run bench` loads them, on the service and on the ceiling alike.
import { randomBytes } from 'node:crypto';
import type { RouteLoad } from './load.js';
import { type Bank, memberRef } from './setup.js';

export type Target = 'service' | 'ceiling';

const isObject = (body: unknown): body is Record<string, unknown> => typeof body === 'object' && body !== null;

/** One factory per route, in the order they run: payments go to the members validated before. */
export function bankRoutes(bank: Bank, members: number): Array<(target: Target) => RouteLoad> {
  const bankHeaders = { authorization: `Bearer ${bank.accessToken}`, 'content-type': 'application/json' };
  // Stepping by a prime that does not divide the count reaches every member once before any twice.
  const stride = members % 7919 === 0 ? 1 : 7919;
  const validated = new Set<string>();
  const runId = randomBytes(3).toString('hex').toUpperCase();
  const transactionDate = new Date().toISOString().slice(0, 19);
  const tokenForm = new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: bank.clientId,
    client_secret: bank.clientSecret,
  }).toString();
  let validations = 0;
  let payments = 0;

  const validate = (target: Target): RouteLoad => ({
    name: 'POST /bank/v1/validate',
    path: '/bank/v1/validate',
    headers: bankHeaders,
    next: () => {
      const ref = memberRef((validations++ * stride) % members);
      return { body: `{"customerRef":"${ref}"}`, tag: ref };
    },
    expected: (body) =>
      isObject(body) &&
      body.resultCode === 0 &&
      body.message === 'Customer found' &&
      typeof body.customerName === 'string' &&
      body.customerName !== '' &&
      typeof body.customerRef === 'string' &&
      /^\d{7}$/.test(body.customerRef),
    // The service requires a validation by the same bank before a payment (BIS_REQUIRE_VALIDATION
    // keeps its default): the payments go to these members, so they take the real path.
    ...(target === 'service' ? { onAccepted: (ref: string) => validated.add(ref) } : {}),
  });

  const token = (): RouteLoad => ({
    name: 'POST /oauth/v1/token',
    path: '/oauth/v1/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    next: () => ({ body: tokenForm }),
    expected: (body) =>
      isObject(body) &&
      typeof body.access_token === 'string' &&
      body.access_token.length > 20 &&
      body.token_type === 'Bearer' &&
      typeof body.expires_in === 'number' &&
      body.expires_in > 0,
  });

  const pay = (): RouteLoad => {
    const payees = validated.size > 0 ? [...validated] : [memberRef(0)];
    return {
      name: 'POST /bank/v1/payments',
      path: '/bank/v1/payments',
      headers: bankHeaders,
      next: () => {
        const n = payments++;
        return {
          body: JSON.stringify({
            transactionReference: `BENCH-${runId}-${n}`,
            paymentType: 'MPESA',
            customerRef: payees[n % payees.length],
            amount: '1500.50',
            currency: 'KES',
            transactionDate,
            payerName: 'Jane Wanjiru',
            payerPhone: '254712345678',
            narration: 'Monthly contribution',
          }),
        };
      },
      expected: (body) =>
        isObject(body) &&
        body.resultCode === 0 &&
        body.message === 'Payment accepted' &&
        typeof body.erpRefId === 'string' &&
        /^[A-Z2-9]{8}$/.test(body.erpRefId) &&
        typeof body.transactionReference === 'string',
    };
  };

  return [validate, token, pay];
}
