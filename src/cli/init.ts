import type { Command } from 'commander';
import { readSetupCode, removeSetupCode, setupCodePath } from '../setup-code-file.js';
import { refusal } from './api-errors.js';
import type { Answer } from './api-types.js';
import { contextOf } from './context.js';
import { CliError, EXIT } from './errors.js';
import { logIn } from './login.js';
import { print, printJson } from './output.js';
import { donePrompting, prompt } from './prompt.js';

// bis init always names the admin: the answer is the operator made, not the bare owner token.
type Made = Extract<Answer<'/init', 'post', 201>, { operatorId: string }>;

interface InitOptions {
  code?: string;
  email?: string;
  name?: string;
  recover?: boolean;
}

export function registerInit(program: Command): void {
  program
    .command('init')
    .description('make the first admin, with the setup code in the data directory; or recover a lost last admin')
    .option('--code <setup code>', 'the setup code (default: read from BIS_DATA_DIR/setup-code)')
    .option('--email <email>', "the admin's email (default: asked)")
    .option('--name <name>', "the admin's name (default: asked)")
    .option('--recover', 'admins exist but none can sign in: make (or reset) this one as an admin')
    .addHelpText(
      'after',
      [
        '',
        'Needs no credential: the setup code is what proves you may. The service makes a new code at each start and',
        'leaves it in BIS_DATA_DIR/setup-code (default ./data), readable by its own user only; it works once, for 30',
        'minutes. Type a password to sign in at once (bis keeps a token, as bis login does), or leave it empty to get',
        'an invite link that sets one.',
      ].join('\n'),
    )
    .action(async (options: InitOptions, command: Command) => {
      const { api, json } = contextOf(command);
      const dataDir = process.env.BIS_DATA_DIR?.trim() || './data';
      const setupCode = options.code ?? readSetupCode(dataDir);
      if (setupCode === undefined) {
        throw new CliError(
          EXIT.usage,
          `no setup code: run bis init as the service's user where ${setupCodePath(dataDir)} is, or pass --code`,
        );
      }
      const email = options.email ?? (await prompt('Email of the admin: '));
      const name = options.name ?? (await prompt('Name: '));
      const password = await prompt('Password (at least 12 characters; empty: get an invite link instead): ', {
        hidden: true,
      });
      const response = await api.send('POST', '/init', {
        auth: false,
        json: { setupCode, email, name, recover: options.recover === true, ...(password ? { password } : {}) },
      });
      if (response.status !== 201) {
        throw await refusal(response, {
          403: 'the setup code is wrong or expired: restart the service for a new one, and run bis init as its user',
          409: 'an admin exists already: sign in with bis login, or, if none can, bis init --recover',
        });
      }
      const made = await api.readJson<Made>(response);
      if (options.code === undefined) removeSetupCode(dataDir);
      if (!password) {
        donePrompting();
        if (json) return printJson(made);
        return print(
          [
            `Admin ${made.email} is ready. Open this link to set the password; it works once, until ${made.inviteExpiresAt}:`,
            '',
            `  ${made.inviteUrl}`,
            '',
            'Then: bis login',
          ].join('\n'),
        );
      }
      const { operator } = await logIn(api, { email, password });
      if (json) return printJson({ ...made, signedIn: true });
      print(
        `Admin ${operator.email} is ready, and signed in on this machine (bis whoami). Next: bis clients create "Bank name"`,
      );
    });
}
