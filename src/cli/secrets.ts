import type { Command } from 'commander';
import { segment } from './admin-client.js';
import type { Answer } from './api-types.js';
import { contextOf } from './context.js';
import { details, print, printJson } from './output.js';

type Issued = Answer<'/clients/{clientId}/secrets', 'post', 201>;

export function registerSecrets(program: Command): void {
  const secrets = program
    .command('secrets')
    .description("a bank's client secrets: issue one through a one-time link, revoke one")
    .addHelpText(
      'after',
      '\nTo rotate: issue a new secret, wait until the bank uses it (bis clients show), then revoke the old one.',
    );

  secrets
    .command('issue')
    .description('issue a secret: prints a one-time hand-over link for the bank and when it expires')
    .argument('<client-id>', 'the client ID')
    .option('--email', "email the link to the bank's contact email too")
    .action(async (clientId: string, options: { email?: boolean }, command: Command) => {
      const { api, json } = contextOf(command);
      const query = options.email ? '?email=true' : '';
      const { body } = await api.call<Issued>('POST', `/clients/${segment(clientId)}/secrets${query}`, {
        hints: {
          404: 'list the clients and their IDs with: bis clients list',
          409: `revoke one first: bis clients show ${clientId} lists them, bis secrets revoke ${clientId} SECRET_ID revokes one${options.email ? '; and --email needs a contact email for the bank, and email on the service (BIS_SMTP_URL)' : ''}`,
        },
      });
      if (json) return printJson(body);
      print(
        details([
          ['secretId', body.secretId],
          ['handoverUrl', body.handoverUrl],
          ['expiresAt', body.expiresAt],
          ['emailedTo', body.emailedTo ?? 'not emailed'],
        ]),
      );
      const send = body.emailedTo ? `It is on its way to ${body.emailedTo} by email; or send it` : 'Send the link';
      print(`\n${send} to the bank. It shows the credentials once; opening it in a browser does not use it up.`);
    });

  secrets
    .command('revoke')
    .description('revoke a secret: no new tokens from it; tokens already issued run out within the hour')
    .argument('<client-id>', 'the client ID')
    .argument('<secret-id>', 'the secret ID (see bis clients show CLIENT_ID)')
    .action(async (clientId: string, secretId: string, _options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      await api.call('DELETE', `/clients/${segment(clientId)}/secrets/${segment(secretId)}`, {
        hints: { 404: `list the client's secrets with: bis clients show ${clientId}` },
      });
      // 204 has no body, so --json prints nothing: the exit code is the answer.
      if (!json) print(`Revoked secret ${secretId} of client ${clientId}.`);
    });
}
