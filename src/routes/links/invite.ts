import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { DomainError, invalidInput } from '../../errors.js';
import { actorOf } from '../../http/actor.js';
import { Html, LinkError, LinkParams, sendPage, setUpLinkRoutes, wantsJson } from '../../http/link-pages.js';
import { parseForm } from '../../oauth/token-form.js';
import { invitePage, passwordSetPage } from '../../operators/invite-page.js';
import type { OperatorsService } from '../../operators/operators-service.js';

/** The password, from the page's form or from a script's JSON. */
function passwordOf(body: unknown): string {
  const password = (body as { password?: unknown } | undefined)?.password;
  if (typeof password !== 'string') throw invalidInput('password', 'is required');
  return password;
}

/** An operator's one-time invite link: a GET shows the form and never uses it up; a POST with a password, once, sets it. */
export const inviteRoutes: FastifyPluginAsyncTypebox<{ operatorsService: OperatorsService }> = async (
  app,
  { operatorsService },
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

  app.get(
    '/invite/:token',
    {
      schema: {
        tags: ['invite'],
        security: [],
        summary: "An operator's invite page: a form to set a password; opening it uses nothing up",
        params: LinkParams,
        produces: ['text/html'],
        response: { 200: Html('The form'), 404: Html('Unknown link'), 410: Html('Used or expired link') },
      },
    },
    async (request, reply) =>
      sendPage(reply, 200, invitePage(await operatorsService.inspectInvite(request.params.token))),
  );

  app.post(
    '/invite/:token',
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
        const operator = await operatorsService.acceptInvite(
          token,
          passwordOf(request.body),
          actorOf(request, 'invite link'),
        );
        if (wantsJson(request)) return reply.send({ operatorId: operator.operatorId, email: operator.email });
        return sendPage(reply, 200, passwordSetPage(operator.email));
      } catch (error) {
        // A refused password: the form again, with the reason; the link still works.
        if (error instanceof DomainError && error.code === 'invalid_input' && !wantsJson(request)) {
          const who = await operatorsService.inspectInvite(token);
          return sendPage(reply, 400, invitePage(who, error.message.replace(/^password: /, '')));
        }
        throw error;
      }
    },
  );
  answerWrongMethods();
};
