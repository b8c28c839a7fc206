import { Argument, type Command, Option } from 'commander';
import { ROLES } from '../operators/roles.js';
import { segment } from './admin-client.js';
import type { Answer } from './api-types.js';
import { contextOf } from './context.js';
import { registerOperatorCredentials } from './operator-credentials.js';
import { details, fields, print, printJson, table } from './output.js';

/** An operator as the API answers; a new one comes with the link that sets their password. */
type Operator = Answer<'/operators/{operatorId}', 'patch'> &
  Partial<Pick<Answer<'/operators', 'post', 201>, 'inviteUrl' | 'inviteExpiresAt'>>;

const NOT_FOUND = { 404: 'list the operators and their IDs with: bis operators list' };

const operatorDetails = (operator: Operator) =>
  details([
    ['operatorId', operator.operatorId],
    ['email', operator.email],
    ['name', operator.name],
    ['role', operator.role],
    ['disabled', operator.disabled ? 'yes' : 'no'],
    ['two-factor', operator.twoFactor ? 'on' : 'off'],
    ...(operator.inviteUrl
      ? ([['invite link', `${operator.inviteUrl} (until ${operator.inviteExpiresAt})`]] as [string, unknown][])
      : []),
  ]);

/** Changes an operator (their role, or whether they are disabled) and shows them as they are now. */
async function change(command: Command, id: string, fields: { role?: string; disabled?: boolean }): Promise<void> {
  const { api, json } = contextOf(command);
  const { body } = await api.call<Operator>('PATCH', `/operators/${segment(id)}`, { json: fields, hints: NOT_FOUND });
  if (json) return printJson(body);
  print(operatorDetails(body));
}

export function registerOperators(program: Command): void {
  const operators = program.command('operators').description("the organisation's staff: who may do what (admin role)");

  operators
    .command('add')
    .description('add an operator: prints the one-time link that lets them set a password')
    .argument('<email>', 'their email, unique')
    .argument('<name>', 'their name, quoted if it has spaces')
    .addOption(
      new Option('--role <role>', 'viewer reads; finance also resolves and exports; admin manages')
        .choices(ROLES)
        .default('viewer'),
    )
    .action(async (email: string, name: string, options: { role: string }, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<Operator>('POST', '/operators', { json: { email, name, role: options.role } });
      if (json) return printJson(body);
      print(operatorDetails(body));
      print('\nSend them the invite link: it sets their password, once.');
      print('Then they sign in to the console (/console on the service) or with bis login.');
    });

  operators
    .command('list')
    .description('list the operators')
    .action(async (_options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<{ items: Operator[] }>('GET', '/operators');
      if (json) return printJson(body);
      print(table(body.items, fields<Operator>('operatorId', 'email', 'name', 'role', 'disabled', 'twoFactor')));
    });

  operators
    .command('set-role')
    .description("change an operator's role")
    .argument('<id>', 'the operator ID')
    .addArgument(new Argument('<role>', 'the new role').choices(ROLES))
    .action((id: string, role: string, _options: unknown, command: Command) => change(command, id, { role }));

  for (const [name, disabled, description] of [
    ['disable', true, 'disable an operator: their sessions end and their API tokens are revoked at once'],
    ['enable', false, 'enable a disabled operator again'],
  ] as const) {
    operators
      .command(name)
      .description(description)
      .argument('<id>', 'the operator ID')
      .action((id: string, _options: unknown, command: Command) => change(command, id, { disabled }));
  }

  operators
    .command('invite')
    .description('a new invite link for an operator, to set or reset their password; earlier links stop working')
    .argument('<id>', 'the operator ID')
    .action(async (id: string, _options: unknown, command: Command) => {
      const { api, json } = contextOf(command);
      const { body } = await api.call<Answer<'/operators/{operatorId}/invite', 'post', 201>>(
        'POST',
        `/operators/${segment(id)}/invite`,
        { hints: NOT_FOUND },
      );
      if (json) return printJson(body);
      print(`${body.inviteUrl}\n(works once, until ${body.inviteExpiresAt})`);
    });

  registerOperatorCredentials(operators);
}
