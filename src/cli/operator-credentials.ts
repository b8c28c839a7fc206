import type { Command } from 'commander';
import { segment } from './admin-client.js';
import type { Answer } from './api-types.js';
import { contextOf } from './context.js';
import { fields, print, printJson, table } from './output.js';

type Token = Answer<'/operators/{operatorId}/tokens', 'get'>['items'][number];

const NOT_FOUND = { 404: 'list the operators with bis operators list, and their tokens with bis operators tokens ID' };

/** An admin's hold on another operator's ways in: their API tokens, and their two-factor sign-in. */
export function registerOperatorCredentials(operators: Command): void {
  operators
    .command('tokens')
    .description("an operator's API tokens (never the tokens themselves)")
    .argument('<id>', 'the operator ID')
    .action(async (id: string, _options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<{ items: Token[] }>('GET', `/operators/${segment(id)}/tokens`, {
        hints: NOT_FOUND,
      });
      if (json) return printJson(body);
      print(table(body.items, fields<Token>('tokenId', 'name', 'createdAt', 'expiresAt', 'revokedAt')));
    });

  operators
    .command('revoke-token')
    .description("revoke one of an operator's API tokens: what uses it stops at once")
    .argument('<id>', 'the operator ID')
    .argument('<tokenId>', 'the token ID, from bis operators tokens ID')
    .action(async (id: string, tokenId: string, _options: unknown, command: Command) => {
      const { api } = contextOf(command);
      await api.call('DELETE', `/operators/${segment(id)}/tokens/${segment(tokenId)}`, { hints: NOT_FOUND });
      print(`Token ${tokenId} is revoked.`);
    });

  operators
    .command('reset-2fa')
    .description("turn an operator's two-factor sign-in off, for one who lost the app: they sign in with the password")
    .argument('<id>', 'the operator ID')
    .action(async (id: string, _options: unknown, command: Command) => {
      const { api } = contextOf(command);
      await api.call('DELETE', `/operators/${segment(id)}/2fa`, { hints: NOT_FOUND });
      print(
        'Two-factor sign-in is off for them, and their recovery codes are gone; where it is required, they set it up again.',
      );
    });
}
