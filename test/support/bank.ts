import type { FastifyInstance, InjectOptions } from 'fastify';
import { ADMIN_TOKEN, json } from './test-app.js';

type Body = InjectOptions['payload'];

export function admin(app: FastifyInstance, method: InjectOptions['method'], url: string, payload?: Body) {
  return app.inject({
    method,
    url: `/admin/v1${url}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Issues a secret and reveals it through its hand-over link, as a bank would. */
export async function issueAndReveal(app: FastifyInstance, clientId: string) {
  const issued = await admin(app, 'POST', `/clients/${clientId}/secrets`);
  if (issued.statusCode !== 201) throw new Error(`issue secret: ${issued.statusCode} ${issued.body}`);
  const { secretId, handoverUrl } = json(issued);
  const revealed = await app.inject({
    method: 'POST',
    url: new URL(handoverUrl).pathname,
    headers: { accept: 'application/json' },
  });
  if (revealed.statusCode !== 200) throw new Error(`reveal: ${revealed.statusCode} ${revealed.body}`);
  return { secretId: secretId as string, clientSecret: json(revealed).client_secret as string };
}

/** The fields of a client as the admin API answers it, in order. */
export const CLIENT_FIELDS = [
  'allowedIps',
  'clientId',
  'contactEmail',
  'createdAt',
  'disabled',
  'name',
  'sandbox',
  'statementAccounts',
];

export async function createBank(app: FastifyInstance, name = 'Test Bank', options: { sandbox?: boolean } = {}) {
  const created = await admin(app, 'POST', '/clients', { name, ...options });
  if (created.statusCode !== 201) throw new Error(`create client: ${created.statusCode} ${created.body}`);
  const clientId = json(created).clientId as string;
  const { secretId, clientSecret } = await issueAndReveal(app, clientId);
  return { clientId, secretId, clientSecret };
}

/** An HTTP Basic Authorization header for a client ID and secret, as they are (not form-encoded). */
export function basic(clientId: string, clientSecret: string, scheme = 'Basic') {
  return `${scheme} ${Buffer.from(`${clientId}:${clientSecret}`, 'utf8').toString('base64')}`;
}

export function requestToken(app: FastifyInstance, clientId: string, clientSecret: string) {
  return app.inject({
    method: 'POST',
    url: '/oauth/v1/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: clientSecret,
    }).toString(),
  });
}

export async function tokenFor(app: FastifyInstance, clientId: string, clientSecret: string): Promise<string> {
  const response = await requestToken(app, clientId, clientSecret);
  if (response.statusCode !== 200) throw new Error(`token: ${response.statusCode} ${response.body}`);
  return json(response).access_token;
}

/** A bank client with a token, ready to call /bank/v1. */
export async function bankWithToken(app: FastifyInstance, name?: string, options: { sandbox?: boolean } = {}) {
  const bank = await createBank(app, name, options);
  return { ...bank, token: await tokenFor(app, bank.clientId, bank.clientSecret) };
}

export async function putMember(app: FastifyInstance, customerRef: string, fullName: string, status = 'active') {
  const response = await admin(app, 'PUT', `/members/${customerRef}`, { fullName, status });
  if (response.statusCode !== 200 && response.statusCode !== 201)
    throw new Error(`put member: ${response.statusCode} ${response.body}`);
  return json(response);
}

export function bankCall(app: FastifyInstance, token: string, path: 'validate' | 'payments', payload: Body) {
  return app.inject({
    method: 'POST',
    url: `/bank/v1/${path}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

let sequence = 0;
export function paymentBody(customerRef: string, overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    transactionReference: `TX-${Date.now()}-${sequence}`,
    paymentType: 'MPESA',
    customerRef,
    amount: '1500.50',
    ...overrides,
  };
}
