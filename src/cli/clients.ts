import type { Command } from 'commander';
import { segment } from './admin-client.js';
import type { Answer } from './api-types.js';
import { contextOf } from './context.js';
import { usageError } from './errors.js';
import { details, fields, print, printJson, table } from './output.js';
import { registerStatementMapping } from './statement-mapping.js';

export type Client = Answer<'/clients', 'get'>['items'][number];

type Secret = Answer<'/clients/{clientId}', 'get'>['secrets'][number];

const NOT_FOUND = { 404: 'list the clients and their IDs with: bis clients list' };

const clientDetails = (client: Client) =>
  details([
    ['clientId', client.clientId],
    ['name', client.name],
    ['createdAt', client.createdAt],
    ['allowedIps', client.allowedIps.length > 0 ? client.allowedIps.join(', ') : 'any address'],
    ['disabled', client.disabled ? 'yes: no tokens, bank calls answer 401' : 'no'],
    ['sandbox', client.sandbox ? 'yes: test members and test payments only' : 'no: live'],
  ]);

/** Changes a client (the addresses it may call from, or whether it is disabled) and shows it as it is now. */
async function change(command: Command, method: 'PATCH' | 'PUT', path: string, fields: object): Promise<void> {
  const { api, json } = contextOf(command);
  const { body } = await api.call<Client>(method, path, { json: fields, hints: NOT_FOUND });
  if (json) return printJson(body);
  print(clientDetails(body));
}

export function registerClients(program: Command): void {
  const clients = program.command('clients').description('the banks that call the bank API');

  clients
    .command('create')
    .alias('add')
    .description('create a bank client; give it credentials next with bis secrets issue')
    .argument('<name>', 'the bank\'s name, e.g. "Equity Bank"')
    .option('--sandbox', "a sandbox client for the bank's tests: the test members and test payments only, for good")
    .action(async (name: string, options: { sandbox?: boolean }, command: Command) => {
      const { api, json } = contextOf(command);
      const sandbox = options.sandbox === true;
      const { body } = await api.call<Client>('POST', '/clients', { json: { name, ...(sandbox ? { sandbox } : {}) } });
      if (json) return printJson(body);
      print(clientDetails(body));
      print(`\nNext, issue its credentials: bis secrets issue ${body.clientId}`);
    });

  clients
    .command('list')
    .description('list the bank clients')
    .action(async (_options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<{ items: Client[] }>('GET', '/clients');
      if (json) return printJson(body);
      print(table(body.items, fields<Client>('clientId', 'name', 'sandbox', 'createdAt')));
    });

  clients
    .command('show')
    .description('show a bank client and its secrets (never a secret itself)')
    .argument('<id>', 'the client ID')
    .action(async (id: string, _options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<Answer<'/clients/{clientId}', 'get'>>('GET', `/clients/${segment(id)}`, {
        hints: NOT_FOUND,
      });
      if (json) return printJson(body);
      print(clientDetails(body));
      print('\nSecrets');
      print(
        table(
          body.secrets,
          fields<Secret>('secretId', 'state', 'createdAt', 'handoverExpiresAt', 'revealedAt', 'revokedAt'),
        ),
      );
    });

  clients
    .command('allow-ips')
    .description("set the addresses the bank's token requests and calls may come from")
    .argument('<id>', 'the client ID')
    .argument('[cidr...]', 'CIDRs such as 196.201.214.0/24, or single addresses')
    .option('--any', 'remove the list: let any address through')
    .addHelpText(
      'after',
      "\nRequests from other addresses are refused before they count against the bank's token rate limit,\n" +
        'so nobody elsewhere can lock the bank out by naming its client ID.',
    )
    .action(async (id: string, cidrs: string[], options: { any?: boolean }, command: Command) => {
      if ((cidrs.length === 0) === !options.any)
        throw usageError('give one or more CIDRs, or --any to allow any address');
      await change(command, 'PUT', `/clients/${segment(id)}/allowed-ips`, { allowedIps: cidrs });
    });

  registerStatementMapping(clients);

  for (const [name, disabled, description] of [
    ['disable', true, 'disable a bank client: no tokens, and its bank calls answer 401 at once'],
    ['enable', false, 'enable a disabled bank client again'],
  ] as const) {
    clients
      .command(name)
      .description(description)
      .argument('<id>', 'the client ID')
      .action((id: string, _options: unknown, command: Command) =>
        change(command, 'PATCH', `/clients/${segment(id)}`, { disabled }),
      );
  }
}
