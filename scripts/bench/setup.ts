// What `npm run bench` does through the service's own API before the load: a bank with its
// credentials and token, and the member register.
import { Readable } from 'node:stream';

export const FIRST_MEMBER = 1_000_000;
export const memberRef = (i: number) => String(FIRST_MEMBER + i);

/** One admin API call; a refusal throws with the status and body. */
export async function call(url: string, adminToken: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

export interface Bank {
  clientId: string;
  clientSecret: string;
  accessToken: string;
}

/** A client, a secret revealed through its hand-over link, and an access token: what a bank does. */
export async function onboardBank(
  url: string,
  adminToken: string,
  kind: { name: string; sandbox?: boolean } = { name: 'Bench Bank' },
): Promise<Bank> {
  const client = await call(url, adminToken, 'POST', '/admin/v1/clients', kind);
  const clientId = String(client.clientId);
  const issued = await call(url, adminToken, 'POST', `/admin/v1/clients/${clientId}/secrets`);
  const revealed = await fetch(`${url}${new URL(String(issued.handoverUrl)).pathname}`, {
    method: 'POST',
    headers: { accept: 'application/json' },
  });
  if (!revealed.ok) throw new Error(`hand-over: ${revealed.status} ${await revealed.text()}`);
  const { client_secret: clientSecret } = (await revealed.json()) as { client_secret: string };
  const answer = await fetch(`${url}/oauth/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }),
  });
  if (!answer.ok) throw new Error(`token: ${answer.status} ${await answer.text()}`);
  const { access_token: accessToken } = (await answer.json()) as { access_token: string };
  return { clientId, clientSecret, accessToken };
}

let operatorsMade = 0;

/** An operator made through the admin API, their password set through the invite link, as they would; their email. */
export async function addOperator(url: string, adminToken: string, role: string, password: string): Promise<string> {
  const email = `bench-${role}-${Date.now()}-${++operatorsMade}@sacco.example`;
  const added = await call(url, adminToken, 'POST', '/admin/v1/operators', { email, name: 'Bench', role });
  const invite = await fetch(`${url}${new URL(String(added.inviteUrl)).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ password }),
  });
  if (!invite.ok) throw new Error(`invite: ${invite.status} ${await invite.text()}`);
  return email;
}

async function* register(count: number): AsyncGenerator<string> {
  yield 'customerRef,fullName,status\r\n';
  const chunk = 10_000;
  for (let start = 0; start < count; start += chunk) {
    let lines = '';
    for (let i = start; i < Math.min(count, start + chunk); i++)
      lines += `${memberRef(i)},"Member ${i}, Nairobi",active\r\n`;
    yield lines;
  }
}

/** Imports `count` active members, Member Numbers 1000000 onwards, as one streamed CSV upload. */
export async function importMembers(url: string, adminToken: string, count: number): Promise<string> {
  const response = await fetch(`${url}/admin/v1/members/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'text/csv' },
    body: Readable.toWeb(Readable.from(register(count))) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  const text = await response.text();
  if (!response.ok) throw new Error(`member import: ${response.status} ${text}`);
  return text;
}
