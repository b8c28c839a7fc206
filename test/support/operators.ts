import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { ADMIN_TOKEN, json } from './test-app.js';

export type Role = 'viewer' | 'finance' | 'admin';

let sequence = 0;

/** A password no rule refuses, different for each operator. */
export const passwordFor = (email: string) => `correct horse battery ${email.length}${email.charCodeAt(0)} staple`;

/** Adds an operator with the owner token and sets their password through the invite link, as they would. */
export async function addOperator(app: FastifyInstance, role: Role, email = `operator${++sequence}@sacco.example`) {
  const created = await app.inject({
    method: 'POST',
    url: '/admin/v1/operators',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    payload: { email, name: `Operator ${sequence}`, role },
  });
  if (created.statusCode !== 201) throw new Error(`add operator: ${created.statusCode} ${created.body}`);
  const { operatorId, inviteUrl } = json(created);
  const password = passwordFor(email);
  const accepted = await setPasswordByLink(app, inviteUrl, password);
  if (accepted.statusCode !== 200) throw new Error(`accept invite: ${accepted.statusCode} ${accepted.body}`);
  return { operatorId: operatorId as string, email, password, role };
}

/** Sets a password through an invite or reset link, as its page does. */
export function setPasswordByLink(app: FastifyInstance, inviteUrl: string, password: string) {
  return app.inject({
    method: 'POST',
    url: new URL(inviteUrl).pathname,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    payload: { password },
  });
}

export function signInRequest(app: FastifyInstance, email: string, password: string, code?: string) {
  return app.inject({
    method: 'POST',
    url: '/admin/v1/session',
    payload: { email, password, ...(code === undefined ? {} : { code }) },
  });
}

/** Signs in; the cookie and CSRF token a page of the console would send. */
export async function signIn(app: FastifyInstance, email: string, password: string, code?: string) {
  const response = await signInRequest(app, email, password, code);
  if (response.statusCode !== 200) throw new Error(`sign in: ${response.statusCode} ${response.body}`);
  const cookie = String(response.headers['set-cookie']).split(';')[0] ?? '';
  // The password goes along for what asks for it again (making an API token), never to the service unasked.
  return { cookie, csrfToken: json(response).csrfToken as string, password };
}

export type Session = Awaited<ReturnType<typeof signIn>>;

/** The headers of a request from the service's own page, signed in. */
export const asPage = (session: Session) => ({ cookie: session.cookie, 'x-csrf-token': session.csrfToken });

/** A new operator of `role`, signed in: the headers of a request from their page. */
export async function pageOfNew(app: FastifyInstance, role: Role) {
  const operator = await addOperator(app, role);
  return asPage(await signIn(app, operator.email, operator.password));
}

/** Asks for an API token with a session, confirmed with the password (and a code, when given). */
export const apiTokenRequest = (
  app: FastifyInstance,
  session: Session,
  payload: { name?: string; expiresInDays?: number; password?: string; code?: string } = {},
) =>
  app.inject({
    method: 'POST',
    url: '/admin/v1/operators/me/tokens',
    headers: asPage(session),
    payload: { name: 'tests', expiresInDays: 30, password: session.password, ...payload },
  });

/** An operator's API token, made with their session. */
export async function apiToken(app: FastifyInstance, session: Session, name = 'tests') {
  const response = await apiTokenRequest(app, session, { name });
  if (response.statusCode !== 201) throw new Error(`token: ${response.statusCode} ${response.body}`);
  return json(response) as { tokenId: string; token: string };
}

/** The TOTP code of a key at a time, as an authenticator app shows it. */
export const totpCode = (key: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(key), period: 30, digits: 6, algorithm: 'SHA1' }).generate({
    timestamp: at.getTime(),
  });

/** An operator of `role`, signed in, who has turned two-factor sign-in on: the session and the app's key. */
export async function withTwoFactor(app: FastifyInstance, now: () => Date, role: Role = 'finance') {
  const operator = await addOperator(app, role);
  const session = await signIn(app, operator.email, operator.password);
  const { key, confirmed } = await turnOnTwoFactor(app, session, operator.password, now);
  if (confirmed.statusCode !== 200) throw new Error(`two-factor: ${confirmed.statusCode} ${confirmed.body}`);
  return { ...operator, session, key };
}

/**
 * Turns two-factor sign-in on for a signed-in operator, as the console's page does: the key the
 * authenticator app keeps, and the service's answer to the confirming code.
 */
export async function turnOnTwoFactor(app: FastifyInstance, session: Session, password: string, now: () => Date) {
  const started = await app.inject({ method: 'POST', url: '/admin/v1/operators/me/2fa', headers: asPage(session) });
  const key = json(started).key as string;
  const confirmed = await app.inject({
    method: 'POST',
    url: '/admin/v1/operators/me/2fa/confirm',
    headers: asPage(session),
    payload: { code: totpCode(key, now()), password },
  });
  return { key, confirmed };
}
