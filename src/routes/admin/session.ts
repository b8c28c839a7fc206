import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import type { Clock } from '../../clock.js';
import { forbidden } from '../../errors.js';
import { actorOf } from '../../http/actor.js';
import { cookieValue, SESSION_COOKIE, sessionCookie } from '../../http/cookies.js';
import { AdminError, NoBody, Timestamp } from '../../http/schemas.js';
import type { OperatorsService } from '../../operators/operators-service.js';
import type { PasswordLinks } from '../../operators/password-links.js';
import { csrfTokenOf, type SignInService } from '../../operators/sign-in-service.js';
import { Operator } from './operators/schemas.js';

const SignedIn = Type.Object(
  {
    operator: Operator,
    csrfToken: Type.String({
      description: 'Send as X-CSRF-Token with every request that changes something while signed in with the cookie',
    }),
  },
  { description: 'Signed in: the session cookie is set' },
);

const Session = Type.Object(
  {
    kind: Type.Union([Type.Literal('operator'), Type.Literal('owner')], {
      description: 'operator: a person signed in or using their API token; owner: the owner token',
    }),
    operator: Type.Optional(Operator),
    csrfToken: Type.Optional(Type.String({ description: 'With a session cookie: send it as X-CSRF-Token' })),
    mustSetUpTwoFactor: Type.Boolean({
      description: 'An admin who must turn two-factor sign-in on before anything else',
    }),
    timeZone: Type.String({ description: 'BIS_TIME_ZONE: show times, and read dates, in this zone' }),
    emailOn: Type.Boolean({
      description:
        'Whether the service sends email (BIS_SMTP_URL is set): invitations and resets are emailed; without it, links are shown to copy',
    }),
    now: Timestamp(
      "The service's clock: reckon today and how long ago from it, whatever the computer's own clock says",
    ),
  },
  { description: 'Who this request acts for' },
);

export interface SessionRoutesOptions {
  signInService: SignInService;
  operatorsService: Pick<OperatorsService, 'get'>;
  passwordLinks: Pick<PasswordLinks, 'requestReset'>;
  /** Whether the service sends email: the console says so where it shows links. */
  emailOn: boolean;
  /** Where the service's own pages are: sign-ins come from there, and the cookie is Secure when it is https. */
  publicUrl: string;
  sessionMaxMs: number;
  /** The organisation's zone: whoever signs in is told it, so times are shown in it. */
  timeZone: string;
  clock: Clock;
}

/** Signing in, outside the guarded routes: it is what gets a person their session. */
export const adminSignInRoutes: FastifyPluginAsyncTypebox<SessionRoutesOptions> = async (app, options) => {
  const { signInService, publicUrl, sessionMaxMs } = options;
  const ownOrigin = new URL(publicUrl).origin;
  const secure = publicUrl.startsWith('https://');
  app.post(
    '/session',
    {
      config: { bodyTime: 'quick' },
      schema: {
        summary: 'Sign in: sets the session cookie',
        description:
          'After 5 failures for one account, or 20 from one address, within 15 minutes, further attempts are ' +
          'refused with 429 and Retry-After, whatever the password; a locked account with two-factor sign-in on ' +
          'still takes the right password and code sent together from an address with no failures. ' +
          '401 code_required: send the second factor too. 503 with Retry-After: too many sign-ins at once.',
        security: [],
        body: Type.Object({
          email: Type.String({ maxLength: 254 }),
          password: Type.String({ maxLength: 1024 }),
          code: Type.Optional(Type.String({ maxLength: 32, description: 'A six-digit TOTP code or a recovery code' })),
        }),
        response: { 200: SignedIn, 400: AdminError, 401: AdminError, 403: AdminError, 429: AdminError },
      },
    },
    async (request, reply) => {
      // A sign-in posted by another site's page would sign the person in to an account of the attacker's.
      const origin = request.headers.origin;
      if (origin !== undefined && origin !== ownOrigin) throw forbidden.signInCrossSite(origin);
      const { sessionId, csrfToken, operator } = await signInService.signIn(request.body, actorOf(request, 'sign-in'));
      reply.header('set-cookie', sessionCookie(sessionId, { secure, maxAgeSeconds: Math.floor(sessionMaxMs / 1000) }));
      return { operator, csrfToken };
    },
  );

  app.post(
    '/session/password-reset',
    {
      config: { bodyTime: 'quick' },
      schema: {
        summary: 'Forgot your password: emails a reset link to the operator of this email, if there is one',
        description:
          'The answer is the same whether or not an operator has this email. The link works once, for BIS_RESET_TTL ' +
          '(30 minutes by default), and sets a new password at /reset/{token}. 3 requests an hour for one email, ' +
          'and 10 from one address, then 429 with Retry-After. 409 when the service sends no email (BIS_SMTP_URL unset).',
        security: [],
        body: Type.Object({ email: Type.String({ maxLength: 254 }) }),
        response: {
          202: Type.Object(
            { message: Type.String() },
            { description: 'If an operator has this email, a reset link is on its way to it' },
          ),
          400: AdminError,
          409: AdminError,
          429: AdminError,
        },
      },
    },
    async (request, reply) => {
      await options.passwordLinks.requestReset(request.body.email, actorOf(request, 'password reset'));
      const message = 'If an operator has this email, a link to choose a new password is on its way to it.';
      return reply.code(202).send({ message });
    },
  );
};

/** Who is signed in, and signing out: for any signed-in operator. */
export const adminSessionRoutes: FastifyPluginAsyncTypebox<SessionRoutesOptions> = async (app, options) => {
  const { signInService, publicUrl } = options;
  const secure = publicUrl.startsWith('https://');
  const clearCookie = (reply: FastifyReply) =>
    reply.header('set-cookie', sessionCookie('', { secure, maxAgeSeconds: 0 }));

  app.get(
    '/session',
    {
      config: { role: 'viewer', beforeTwoFactor: true },
      schema: { summary: 'Who is signed in', response: { 200: Session } },
    },
    async (request) => {
      const principal = request.principal;
      const { timeZone, emailOn } = options;
      const now = options.clock.now();
      if (!principal || principal.kind === 'owner')
        return { kind: 'owner' as const, mustSetUpTwoFactor: false, timeZone, emailOn, now };
      const sessionId = cookieValue(request.headers.cookie, SESSION_COOKIE);
      const operator = await options.operatorsService.get(principal.operatorId);
      return {
        kind: 'operator' as const,
        operator,
        ...(principal.via.kind === 'session' && sessionId ? { csrfToken: csrfTokenOf(sessionId) } : {}),
        mustSetUpTwoFactor: principal.mustSetUpTwoFactor,
        timeZone,
        emailOn,
        now,
      };
    },
  );

  app.delete(
    '/session',
    {
      config: { role: 'viewer', beforeTwoFactor: true },
      schema: {
        summary: 'Sign out: ends this session',
        response: { 204: NoBody('Signed out') },
      },
    },
    async (request, reply) => {
      if (request.principal) await signInService.signOut(request.principal, actorOf(request));
      return clearCookie(reply).code(204).send();
    },
  );
};
