import type { Command } from 'commander';
import { segment } from './admin-client.js';
import { contextOf } from './context.js';
import { details, fields, print, printJson, table } from './output.js';

export interface Client {
  clientId: string;
  name: string;
  createdAt: string;
}

export interface Secret {
  secretId: string;
  state: string;
  createdAt: string;
  handoverExpiresAt: string;
  revealedAt: string | null;
  revokedAt: string | null;
}

const NOT_FOUND = { 404: 'list the clients and their IDs with: bis clients list' };

export function registerClients(program: Command): void {
  const clients = program.command('clients').description('the banks that call the bank API');

  clients
    .command('create')
    .description('create a bank client; give it credentials next with bis secrets issue')
    .argument('<name>', 'the bank\'s name, e.g. "Equity Bank"')
    .action(async (name: string, _options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<Client>('POST', '/clients', { json: { name } });
      if (json) return printJson(body);
      print(details([['clientId', body.clientId], ['name', body.name], ['createdAt', body.createdAt]]));
      print(`\nNext, issue its credentials: bis secrets issue ${body.clientId}`);
    });

  clients
    .command('list')
    .description('list the bank clients')
    .action(async (_options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<{ items: Client[] }>('GET', '/clients');
      if (json) return printJson(body);
      print(table(body.items, fields<Client>('clientId', 'name', 'createdAt')));
    });

  clients
    .command('show')
    .description('show a bank client and its secrets (never a secret itself)')
    .argument('<id>', 'the client ID')
    .action(async (id: string, _options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<Client & { secrets: Secret[] }>('GET', `/clients/${segment(id)}`, { hints: NOT_FOUND });
      if (json) return printJson(body);
      print(details([['clientId', body.clientId], ['name', body.name], ['createdAt', body.createdAt]]));
      print('\nSecrets');
      print(table(body.secrets, fields<Secret>('secretId', 'state', 'createdAt', 'handoverExpiresAt', 'revealedAt', 'revokedAt')));
    });
}
