// The live bank calls with sandbox clients present: validate and payments measured twice, then ten
// sandbox clients onboarded as banks are, each sending 200 test validations and payments (the
// simulator's load, src/sandbox/simulation/load.ts), then the same two measured twice again.
import { bankSession } from '../../src/sandbox/simulation/bank-session.js';
import { references } from '../../src/sandbox/simulation/contract-steps.js';
import { runLoad } from '../../src/sandbox/simulation/load.js';
import { type Figures, type LoadOptions, measure, type RouteLoad } from './load.js';
import { onboardBank } from './setup.js';

const SANDBOX_CLIENTS = 10;
const TEST_PAYMENTS_EACH = 200;

/** Each side is measured this many times in turn: one 5 s run moves by ±15 % on its own. */
const ROUNDS = 2;

export interface SandboxFigures {
  clients: number;
  testPayments: number;
  before: { validate: Figures[]; payments: Figures[] };
  after: { validate: Figures[]; payments: Figures[] };
}

export async function benchWithSandbox({
  serviceUrl,
  adminToken,
  validate,
  pay,
  options,
  progress,
}: {
  serviceUrl: string;
  adminToken: string;
  validate: RouteLoad;
  pay: RouteLoad;
  options: LoadOptions;
  progress: (message: string) => void;
}): Promise<SandboxFigures> {
  const both = async (when: string) => {
    const figures = { validate: [] as Figures[], payments: [] as Figures[] };
    for (let round = 1; round <= ROUNDS; round++) {
      progress(`live validate and payments, ${when} (${round} of ${ROUNDS})`);
      figures.validate.push(await measure(serviceUrl, validate, options));
      figures.payments.push(await measure(serviceUrl, pay, options));
    }
    return figures;
  };
  const before = await both('before any sandbox client');
  progress(`${SANDBOX_CLIENTS} sandbox clients, ${TEST_PAYMENTS_EACH} test payments each`);
  let testPayments = 0;
  for (let i = 1; i <= SANDBOX_CLIENTS; i++) {
    const bank = await onboardBank(serviceUrl, adminToken, { name: `Bench Sandbox ${i}`, sandbox: true });
    const session = bankSession({ baseUrl: serviceUrl, clientId: bank.clientId, clientSecret: bank.clientSecret });
    await session.requestToken();
    const load = await runLoad(session, { payments: TEST_PAYMENTS_EACH, concurrency: 8 }, references());
    const failed = load.validate.failed + load.payment.failed;
    if (failed > 0) throw new Error(`sandbox client ${i}: ${failed} test calls failed: ${load.failures.join('; ')}`);
    testPayments += load.payment.calls;
  }
  return { clients: SANDBOX_CLIENTS, testPayments, before, after: await both('with the sandbox clients present') };
}
