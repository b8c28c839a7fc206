import { readFile } from 'node:fs/promises';
import { type Command, Option } from 'commander';
import { bankSession } from '../sandbox/simulation/bank-session.js';
import {
  contractSteps,
  rateLimitStep,
  references,
  runSteps,
  type StepResult,
} from '../sandbox/simulation/contract-steps.js';
import { type CallSummary, runLoad } from '../sandbox/simulation/load.js';
import { serviceUrlOf } from './context.js';
import { CliError, EXIT, usageError } from './errors.js';
import { print, printJson } from './output.js';
import { prompt } from './prompt.js';

interface SimulateOptions {
  clientId: string;
  clientSecret?: string;
  clientSecretFile?: string;
  payments?: string;
  concurrency: string;
  rateLimit?: boolean;
  json?: boolean;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The secret from a file, standard input or a prompt: never from the command line, where the shell's history keeps it. */
async function clientSecretOf(options: SimulateOptions): Promise<string> {
  const source = options.clientSecretFile ?? options.clientSecret;
  let secret: string;
  if (source === '-') secret = await readStdin();
  else if (options.clientSecretFile !== undefined) secret = await readFile(options.clientSecretFile, 'utf8');
  else if (source?.startsWith('@')) secret = await readFile(source.slice(1), 'utf8');
  else if (source !== undefined)
    throw usageError(
      'a secret on the command line stays in the shell history: give --client-secret-file FILE, --client-secret @FILE, ' +
        '--client-secret - (standard input), or BIS_CLIENT_SECRET',
    );
  else secret = process.env.BIS_CLIENT_SECRET ?? (await prompt('Client secret: ', { hidden: true }));
  const trimmed = secret.trim();
  if (trimmed === '') throw usageError('the client secret is empty');
  return trimmed;
}

const count = (text: string | undefined, name: string, fallback: number) => {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > 1_000_000)
    throw usageError(`${name}: expected a whole number from 1`);
  return value;
};

const line = ({ name, passed, ms, detail }: StepResult) =>
  `${passed ? 'PASS' : 'FAIL'}  ${name.padEnd(56)} ${`${Math.round(ms)} ms`.padStart(7)}${detail ? `  ${detail}` : ''}`;

const latencies = (name: string, s: CallSummary) =>
  `  ${name.padEnd(9)} ${s.calls} calls, ${s.failed} failed   p50 ${s.p50} ms   p95 ${s.p95} ms   p99 ${s.p99} ms   max ${s.max} ms`;

export function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description(
      "play a bank against a deployment with a sandbox client's credentials: every step of the contract checked, " +
        'a PASS or FAIL line each, exit code 1 when any fails',
    )
    .requiredOption('--client-id <id>', "the sandbox client's ID")
    .option(
      '--client-secret <source>',
      'the secret: - to read it from standard input, or @FILE (never the secret itself)',
    )
    .option('--client-secret-file <file>', 'a file holding the secret (- for standard input)')
    .option('--payments <n>', 'then a small load test: N validations and payments')
    .addOption(new Option('--concurrency <c>', 'load test: calls at once').default('10'))
    .option(
      '--rate-limit',
      'also ask for tokens until the token rate limit answers 429 (no new token for a minute after)',
    )
    .addHelpText(
      'after',
      '\nThe deployment is --url or BIS_URL. Without a secret option, BIS_CLIENT_SECRET, or a prompt.\n' +
        'Example: npx bis simulate --url https://bis.example.org --client-id 3f2c… --client-secret-file secret.txt',
    )
    .action(async (options: SimulateOptions, command: Command) => {
      const baseUrl = serviceUrlOf(command);
      const json = command.optsWithGlobals<{ json?: boolean }>().json === true;
      const payments = options.payments === undefined ? undefined : count(options.payments, '--payments', 1);
      const concurrency = count(options.concurrency, '--concurrency', 10);
      const session = bankSession({ baseUrl, clientId: options.clientId, clientSecret: await clientSecretOf(options) });
      const nextReference = references();
      if (!json) print(`Playing a bank against ${baseUrl} as client ${options.clientId}:`);
      const steps = [...contractSteps(nextReference), ...(options.rateLimit ? [rateLimitStep()] : [])];
      const results = await runSteps(session, steps, (result) => json || print(line(result)));
      const failed = results.filter((result) => !result.passed).length;
      const load =
        payments !== undefined && session.hasToken
          ? await runLoad(session, { payments, concurrency }, nextReference)
          : undefined;
      const loadFailed = (load?.validate.failed ?? 0) + (load?.payment.failed ?? 0);
      if (json) printJson({ steps: results, passed: results.length - failed, failed, load: load ?? null });
      else {
        print(`${results.length} steps: ${results.length - failed} passed, ${failed} failed`);
        if (load) {
          const rate = Math.round(load.payments / Math.max(load.seconds, 0.001));
          print(`Load: ${load.payments} payments, ${load.concurrency} at once, ${load.seconds} s (${rate} payments/s)`);
          print(latencies('validate', load.validate));
          print(latencies('payment', load.payment));
          for (const failure of load.failures) print(`  FAIL ${failure}`);
        }
      }
      if (failed > 0 || loadFailed > 0) {
        throw new CliError(
          EXIT.refused,
          `${failed + loadFailed} ${failed + loadFailed === 1 ? 'check' : 'checks'} failed`,
        );
      }
    });
}
