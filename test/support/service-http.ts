import assert from 'node:assert/strict';
import { ADMIN_TOKEN } from './test-app.js';

// Calls to a service running as a process of its own (test/support/service-process.ts), over HTTP.

export interface Answer {
  status: number;
  body: any;
}

/** One call, with the admin token unless another is given; the status and the parsed body. */
export async function callService(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  token = ADMIN_TOKEN,
): Promise<Answer> {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** One call that must be answered 2xx; its body. */
export async function serviceOk(url: string, method: string, path: string, body?: unknown, token = ADMIN_TOKEN) {
  const answer = await callService(url, method, path, body, token);
  assert.ok(
    answer.status >= 200 && answer.status < 300,
    `${method} ${path}: ${answer.status} ${JSON.stringify(answer)}`,
  );
  return answer.body;
}

/**
 * A bank onboarded as a bank is (client, hand-over, token) with a token that has validated the
 * member, made active under `memberName`: its payments for that member are accepted.
 */
export async function integrateBank(url: string, bankName: string, member: string, memberName: string) {
  const client = await serviceOk(url, 'POST', '/admin/v1/clients', { name: bankName });
  const issued = await serviceOk(url, 'POST', `/admin/v1/clients/${client.clientId}/secrets`);
  const revealed = await fetch(`${url}${new URL(issued.handoverUrl).pathname}`, {
    method: 'POST',
    headers: { accept: 'application/json' },
  });
  const { client_secret: secret } = (await revealed.json()) as { client_secret: string };
  const tokenResponse = await fetch(`${url}/oauth/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: secret }),
  });
  const { access_token: token } = (await tokenResponse.json()) as { access_token: string };
  await serviceOk(url, 'PUT', `/admin/v1/members/${member}`, { fullName: memberName, status: 'active' });
  await serviceOk(url, 'POST', '/bank/v1/validate', { customerRef: member }, token);
  return token;
}
