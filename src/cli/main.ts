import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { PACKAGE_ROOT } from '../package-root.js';
import { registerAudit } from './audit.js';
import { registerBackup } from './backup.js';
import { registerClients } from './clients.js';
import { DEFAULT_URL } from './context.js';
import { registerDemo } from './demo.js';
import { CliError, EXIT } from './errors.js';
import { registerInit } from './init.js';
import { registerLogin } from './login.js';
import { registerMembers } from './members.js';
import { registerOperators } from './operators.js';
import { registerPayments } from './payments.js';
import { registerReconcile } from './reconcile.js';
import { registerReport } from './report.js';
import { registerRestore } from './restore.js';
import { registerSecrets } from './secrets.js';
import { registerSimulate } from './simulate.js';
import { registerWebhooks } from './webhooks.js';

const { version } = JSON.parse(readFileSync(new URL('package.json', PACKAGE_ROOT), 'utf8')) as {
  version: string;
};

const ENVIRONMENT_AND_EXIT_CODES = `
Environment:
  BIS_URL          the service's address (default ${DEFAULT_URL}); --url overrides it
  BIS_ADMIN_TOKEN  the owner token; --token overrides it. Without either, the token bis login kept is used
  BIS_CONFIG       where bis login keeps its token (default ~/.config/bis/config.json)

Exit codes:
  0  success
  1  the service refused the request (a 4xx answer other than 401), or an import had bad rows
  2  usage error: unknown command, missing or bad argument or option
  3  the service could not be reached, or answered 5xx: try again later
  4  not signed in, or the service refused the credential (401)`;

export function buildProgram(): Command {
  const program = new Command('bis')
    .description("The operator's command line of bank-integration-service: a client of its admin API.")
    .version(version)
    // Set before the subcommands are made, so that each of them inherits it.
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .option('--url <url>', "the service's address, instead of BIS_URL")
    .option('--token <token>', 'the admin token (BIS_ADMIN_TOKEN is safer: a flag shows in the process list)')
    .option('--json', "print the service's JSON instead of a table, for scripts")
    .addHelpText('after', ENVIRONMENT_AND_EXIT_CODES);
  registerClients(program);
  registerSecrets(program);
  registerMembers(program);
  registerPayments(program);
  registerReconcile(program);
  registerReport(program);
  registerWebhooks(program);
  registerAudit(program);
  registerBackup(program);
  registerRestore(program);
  registerInit(program);
  registerLogin(program);
  registerOperators(program);
  registerDemo(program);
  registerSimulate(program);
  return program;
}

async function main(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv);
    return EXIT.ok;
  } catch (error) {
    // Commander has already printed its message or the help.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    if (error instanceof CliError) {
      process.stderr.write(`bis: ${error.message}\n`);
      return error.exitCode;
    }
    process.stderr.write(
      `bis: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return EXIT.refused;
  }
}

// exitCode rather than exit(): output still queued for a pipe would be cut off.
process.exitCode = await main(process.argv);
