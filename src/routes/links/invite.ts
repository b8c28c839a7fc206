import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DomainError, invalidInput } from '../../errors.js';
import { actorOf } from '../../http/actor.js';
import { Html, LinkError, LinkParams, sendPage, setUpLinkRoutes, wantsJson } from '../../http/link-pages.js';
import { parseForm } from '../../oauth/token-form.js';
import { invitePage, passwordSetPage } from '../../operators/invite-page.js';
import type { PasswordLinkPurpose } from '../../operators/operators-tables.js';
import type { PasswordLinks } from '../../operators/password-links.js';

const LINKS: ReadonlyArray<{ purpose: PasswordLinkPurpose; what: string }> = [
  { purpose: 'invite', what: "An operator's invite page" },
  { purpose: 'reset', what: "An operator's password-reset page (asked for on the console's sign-in page)" },
];

/** The password, from the page's form or from a script's JSON. */
function passwordOf(body: unknown): string {
  const password = (body as { password?: unknown } | undefined)?.password;
  if (typeof password !== 'string') throw invalidInput('password', 'is required');
  return password;
}

/**
 * An operator's one-time links, an invitation's and a reset's: a GET shows the form and never uses
 * it up; a POST with a password, once, sets it.
 */
export const inviteRoutes: FastifyPluginAsyncTypebox<{ passwordLinks: PasswordLinks }> = async (
  app,
  { passwordLinks },
) => {
  const answerWrongMethods = setUpLinkRoutes(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_r, body, done) =>
      done(null, Object.fromEntries([...parseForm(body as string)].map(([name, [value]]) => [name, value]))),
  );
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 4096 }, (_r, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(invalidInput.notJson(), undefined);
    }
  });

  for (const { purpose, what } of LINKS) {
    app.get(
      `/${purpose}/:token`,
      {
        schema: {
          tags: ['invite'],
          security: [],
          summary: `${what}: a form to set a password; opening it uses nothing up`,
          params: LinkParams,
          produces: ['text/html'],
          response: { 200: Html('The form'), 404: Html('Unknown link'), 410: Html('Used or expired link') },
        },
      },
      async (request, reply) =>
        sendPage(
          reply,
          200,
          invitePage(await passwordLinks.inspect(request.params.token, purpose), undefined, purpose),
        ),
    );

    app.post(
      `/${purpose}/:token`,
      {
        schema: {
          tags: ['invite'],
          security: [],
          summary: 'Set the password, once: form field or JSON "password"',
          params: LinkParams,
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          produces: ['text/html', 'application/json'],
          response: {
            200: Type.Object(
              { operatorId: Type.String(), email: Type.String() },
              { description: 'The password is set (JSON when the request asks Accept: application/json, else HTML)' },
            ),
            400: LinkError,
            404: LinkError,
            410: LinkError,
          },
        },
      },
      async (request, reply) => {
        const { token } = request.params;
        try {
          const actor = actorOf(request, `${purpose} link`);
          const operator = await passwordLinks.accept(token, purpose, passwordOf(request.body), actor);
          if (wantsJson(request)) return reply.send({ operatorId: operator.id, email: operator.email });
          return sendPage(reply, 200, passwordSetPage(operator.email, purpose));
        } catch (error) {
          // A refused password: the form again, with the reason; the link still works.
          if (error instanceof DomainError && error.code === 'invalid_input' && !wantsJson(request)) {
            const who = await passwordLinks.inspect(token, purpose);
            return sendPage(reply, 400, invitePage(who, error.message.replace(/^password: /, ''), purpose));
          }
          throw error;
        }
      },
    );
  }
  answerWrongMethods();
};
