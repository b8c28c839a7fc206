import type { Command } from 'commander';
import { refusal } from './api-errors.js';
import { contextOf } from './context.js';
import { CliError, EXIT } from './errors.js';
import { print, printJson } from './output.js';
import { readSetupCode, removeSetupCode, setupCodePath } from '../setup-code-file.js';
import { shellQuote } from './shell.js';

export function registerInit(program: Command): void {
  program
    .command('init')
    .description("create the service's admin token, once, with the setup code the service printed when it started")
    .option('--code <setup code>', "the setup code from the service's start-up output (default: read from BIS_DATA_DIR/setup-code)")
    .addHelpText(
      'after',
      '\nNeeds no admin token. Works only while the service has none, and only with the setup code it printed when it last\nstarted, which it also leaves in BIS_DATA_DIR/setup-code (default ./data) for bis init on the same machine.\nThe token is printed once; the service keeps only its hash.',
    )
    .action(async (options: { code?: string }, command: Command) => {
      const { api, json } = contextOf(command);
      const dataDir = process.env.BIS_DATA_DIR?.trim() || './data';
      const setupCode = options.code ?? readSetupCode(dataDir);
      if (setupCode === undefined) {
        throw new CliError(
          EXIT.usage,
          `no setup code: pass --code with the one the service printed when it started, or run bis init where ${setupCodePath(dataDir)} is`,
        );
      }
      const response = await api.send('POST', '/init', { auth: false, json: { setupCode } });
      if (response.status === 409) {
        throw new CliError(
          EXIT.refused,
          'the service already has an admin token, so bis init did nothing: set BIS_ADMIN_TOKEN to that token (whoever set up the service has it)',
        );
      }
      if (response.status !== 201) {
        throw await refusal(response, { 403: 'copy the setup code from the service\'s start-up output (a restart prints a new one)' });
      }
      const body = await api.readJson<{ adminToken: string }>(response);
      if (options.code === undefined) removeSetupCode(dataDir);
      if (json) return printJson(body);
      print(
        [
          'The admin token, shown this once (the service keeps only its hash):',
          '',
          `  ${body.adminToken}`,
          '',
          'Keep it in your password manager now. Then, in each shell where you run bis:',
          '',
          `  export BIS_ADMIN_TOKEN=${shellQuote(body.adminToken)}`,
          '',
          'Next: bis clients create "Bank name"   (or bis demo to try everything on test data)',
        ].join('\n'),
      );
    });
}
