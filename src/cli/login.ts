import { hostname } from 'node:os';
import type { Command } from 'commander';
import { type AdminClient, segment } from './admin-client.js';
import { readError, refusal } from './api-errors.js';
import type { Answer } from './api-types.js';
import { configPath, forgetLogin, readLogin, saveLogin } from './config-file.js';
import { contextOf } from './context.js';
import { CliError, EXIT } from './errors.js';
import { details, print, printJson } from './output.js';
import { donePrompting, prompt } from './prompt.js';

type SignedIn = Answer<'/session', 'post'>;

/** Signs in as a person would, asking for the code when the account has two-factor sign-in on. */
async function signIn(
  api: AdminClient,
  email: string,
  password: string,
): Promise<{ body: SignedIn; cookie: string; twoFactor: boolean }> {
  let code: string | undefined;
  for (;;) {
    const response = await api.send('POST', '/session', { auth: false, json: { email, password, code } });
    if (response.ok) {
      const cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      return { body: await api.readJson<SignedIn>(response), cookie, twoFactor: code !== undefined };
    }
    const error = await readError(response);
    if (response.status === 401 && error.error === 'code_required' && code === undefined) {
      code = await prompt('Code from your authenticator app (or a recovery code): ');
      continue;
    }
    throw await refusal(response, { 429: 'too many failed sign-ins: wait as long as the service says' }, error);
  }
}

/**
 * Signs in once and keeps a named API token for this machine, in a file only the user can read:
 * the command line never holds the password, and the token can be revoked on its own.
 */
export async function logIn(api: AdminClient, given: { email?: string; password?: string } = {}) {
  const email = given.email ?? (await prompt('Email: '));
  const password = given.password ?? (await prompt('Password: ', { hidden: true }));
  const signedIn = signIn(api, email, password).then(async (session) => {
    // Making the token asks for the password and second factor again, and each code signs in once.
    const code = session.twoFactor
      ? await prompt('The next code from your app (the one used to sign in is spent), or a recovery code: ')
      : undefined;
    return { ...session, code };
  });
  const { body, cookie, code } = await signedIn.finally(donePrompting);
  const page = { cookie, 'x-csrf-token': body.csrfToken };
  const { body: made } = await api.call<Answer<'/operators/me/tokens', 'post', 201>>(
    'POST',
    '/operators/me/tokens',
    // No lifetime asked: the token lasts as long as the service allows (BIS_API_TOKEN_MAX_LIFETIME).
    { auth: false, headers: page, json: { name: `bis on ${hostname()}`, password, code } },
  );
  await api.send('DELETE', '/session', { auth: false, headers: page });
  saveLogin({ url: api.baseUrl, token: made.token, tokenId: made.tokenId, email: body.operator.email });
  return { operator: body.operator, expiresAt: made.expiresAt };
}

export function registerLogin(program: Command): void {
  program
    .command('login')
    .description('sign in as an operator: keeps an API token for this machine, readable by you only')
    .addHelpText(
      'after',
      `\nAsks for email, password and, when it is on, two codes of your app: one to sign in, the next to make the\ntoken. The token lasts as long as the service allows (90 days unless set otherwise) and is kept in\n${configPath()} (BIS_CONFIG names another file) with the service's address.`,
    )
    .action(async (_options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      const { operator, expiresAt } = await logIn(api);
      if (json) return printJson({ operator, expiresAt, config: configPath() });
      print(`Signed in to ${api.baseUrl} as ${operator.email} (${operator.role}). The token lasts until ${expiresAt}.`);
    });

  program
    .command('logout')
    .description('revoke the token bis login kept, and forget it')
    .action(async (_options: unknown, command: Command) => {
      const saved = readLogin();
      if (!saved) throw new CliError(EXIT.usage, `not signed in: ${configPath()} holds no login`);
      const { api } = contextOf(command);
      const response = await api.send('DELETE', `/operators/me/tokens/${segment(saved.tokenId)}`);
      if (!response.ok && response.status !== 404) throw await refusal(response);
      forgetLogin();
      print(`Signed out of ${saved.url}; the token is revoked.`);
    });

  program
    .command('whoami')
    .description('who the service takes you for')
    .action(async (_options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<Answer<'/session', 'get'>>('GET', '/session');
      if (json) return printJson(body);
      if (!body.operator) return print(`The owner token (BIS_ADMIN_TOKEN) on ${api.baseUrl}.`);
      print(
        details([
          ['email', body.operator.email],
          ['name', body.operator.name],
          ['role', body.operator.role],
          ['service', api.baseUrl],
        ]),
      );
    });
}
