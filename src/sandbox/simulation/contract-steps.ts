import { randomBytes } from 'node:crypto';
import { RECEIPT_ALPHABET, RECEIPT_LENGTH, TEST_RECEIPT_PREFIX } from '../../payments/receipt-number.js';
import { TEST_MEMBERS, type TestMember } from '../test-members.js';
import type { Answer, BankSession } from './bank-session.js';
import { all, type Check, exactly, noBody, shaped } from './expectations.js';

/** One step's outcome: what it did, whether the answer was the contract's, how long it took, and what was wrong. */
export interface StepResult {
  name: string;
  passed: boolean;
  ms: number;
  /** What was wrong, or what came back when it passed (a receipt). */
  detail: string;
  /** The receipt the answer gave, if it gave one. */
  erpRefId?: string;
}

interface Step {
  name: string;
  run(session: BankSession): Promise<Answer>;
  check: Check;
  /** A word on a passed answer (the receipt), for the line printed. */
  told?: (answer: Answer) => string;
}

const TEST_RECEIPT = new RegExp(
  `^${TEST_RECEIPT_PREFIX}[${RECEIPT_ALPHABET}]{${RECEIPT_LENGTH - TEST_RECEIPT_PREFIX.length}}$`,
);
const NOT_FOUND = { resultCode: 1, message: 'Customer not found', customerName: '', customerRef: '' };
export const receiptOf = (answer: Answer) =>
  String((answer.json as { erpRefId?: unknown } | undefined)?.erpRefId ?? '');

/** A reference no earlier run used: the run's own prefix and a number. */
export function references(): () => string {
  const run = `SIM${Date.now().toString(36).toUpperCase()}${randomBytes(2).toString('hex').toUpperCase()}`;
  let sequence = 0;
  return () => `${run}-${++sequence}`;
}

const payment = (transactionReference: string, customerRef: string, amount: string | number = '150.00') => ({
  transactionReference,
  paymentType: 'MPESA',
  customerRef,
  amount,
  currency: 'KES',
});

const accepted = (transactionReference: string, receipt?: () => string): Check =>
  shaped(200, `resultCode 0 and a test receipt (TEST and four characters) for ${transactionReference}`, (body) => {
    const erpRefId = String(body.erpRefId);
    return (
      body.resultCode === 0 &&
      body.message === 'Payment accepted' &&
      body.transactionReference === transactionReference &&
      TEST_RECEIPT.test(erpRefId) &&
      (receipt === undefined || erpRefId === receipt())
    );
  });

const tokenStep: Step = {
  name: 'token',
  run: (session) => session.requestToken(),
  check: all(
    shaped(200, 'an access_token, token_type Bearer and expires_in 3600', (body) => {
      return typeof body.access_token === 'string' && body.token_type === 'Bearer' && body.expires_in === 3600;
    }),
    (answer) =>
      /no-store/.test(answer.headers.get('cache-control') ?? '') ? undefined : 'expected Cache-Control: no-store',
  ),
};

const validateStep = (member: TestMember): Step => ({
  name: `validate ${member.customerRef} (${member.fullName === null ? 'no such member' : (member.status ?? '')})`,
  run: (session) => session.call('/bank/v1/validate', { customerRef: member.customerRef }),
  check:
    member.status === 'active' && member.fullName !== null
      ? exactly(200, {
          resultCode: 0,
          message: 'Customer found',
          customerName: member.fullName,
          customerRef: member.customerRef,
        })
      : exactly(404, NOT_FOUND),
});

/** A payment for 9900001 and its retry, which must get the same receipt; then, when asked, a duplicate with another amount. */
function paymentSteps(nextReference: () => string, { duplicate }: { duplicate: boolean }): Step[] {
  const first = payment(nextReference(), '9900001');
  let firstReceipt = '';
  const steps: Step[] = [
    {
      name: 'payment for 9900001',
      run: (session) => session.call('/bank/v1/payments', first),
      check: accepted(first.transactionReference),
      told: (answer) => {
        firstReceipt = receiptOf(answer);
        return `receipt ${firstReceipt}`;
      },
    },
    {
      name: 'the same payment again (a retry): the same receipt',
      run: (session) => session.call('/bank/v1/payments', first),
      check: accepted(first.transactionReference, () => firstReceipt),
    },
  ];
  if (duplicate) {
    steps.push({
      name: 'the same reference with another amount: 409',
      run: (session) => session.call('/bank/v1/payments', { ...first, amount: '151.00' }),
      check: (answer) =>
        exactly(409, { resultCode: 3, message: 'Duplicate transactionReference', erpRefId: firstReceipt })(answer),
    });
  }
  return steps;
}

/** One test payment as a bank makes it: a token, the member validated, the payment and its retry. */
export function testPaymentSteps(nextReference = references()): Step[] {
  const [member] = TEST_MEMBERS;
  return [tokenStep, ...(member ? [validateStep(member)] : []), ...paymentSteps(nextReference, { duplicate: false })];
}

/**
 * The bank's side of the contract against a sandbox client, step by step: a token, every test
 * member validated, a payment, its retry, a duplicate with another amount, the payments the
 * contract holds, and input it refuses. Each answer is checked whole against the contract.
 */
export function contractSteps(nextReference = references()): Step[] {
  return [
    tokenStep,
    {
      name: 'a call without a token',
      run: (session) => session.call('/bank/v1/validate', { customerRef: '9900001' }, false),
      check: noBody(401),
    },
    ...TEST_MEMBERS.map(validateStep),
    ...paymentSteps(nextReference, { duplicate: true }),
    {
      name: 'payment for 9900008 (never validated): held, 422',
      run: (session) => session.call('/bank/v1/payments', payment(nextReference(), '9900008')),
      check: exactly(422, { resultCode: 2, message: 'Customer not validated' }),
    },
    {
      name: 'payment for 9900003 (suspended): held, 404',
      run: (session) => session.call('/bank/v1/payments', payment(nextReference(), '9900003')),
      check: exactly(404, { resultCode: 1, message: 'Customer not found' }),
    },
    {
      name: 'an amount with three decimals: 400',
      run: (session) => session.call('/bank/v1/payments', payment(nextReference(), '9900001', '100.123')),
      check: shaped(400, 'resultCode 4 and a message naming amount', (body) => {
        return body.resultCode === 4 && typeof body.message === 'string' && body.message.startsWith('amount');
      }),
    },
  ];
}

/** Runs the steps in order, each whatever the ones before said (a failed token fails the calls after it too). */
export async function runSteps(
  session: BankSession,
  steps: readonly Step[],
  onStep: (result: StepResult) => void = () => {},
): Promise<StepResult[]> {
  const results: StepResult[] = [];
  for (const step of steps) {
    let result: StepResult;
    try {
      const answer = await step.run(session);
      const problem = step.check(answer);
      const detail = problem ?? step.told?.(answer) ?? '';
      const erpRefId = receiptOf(answer);
      result = {
        name: step.name,
        passed: problem === undefined,
        ms: answer.ms,
        detail,
        ...(erpRefId ? { erpRefId } : {}),
      };
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      result = { name: step.name, passed: false, ms: 0, detail: `no answer: ${cause ?? (error as Error).message}` };
    }
    results.push(result);
    onStep(result);
  }
  return results;
}

/** The token endpoint's rate limit: asked for tokens until it answers 429 (it lasts a minute: only on request). */
export function rateLimitStep(): Step {
  return {
    name: 'tokens until the rate limit: 429, no body',
    async run(session) {
      let answer = await session.requestToken();
      for (let asked = 1; answer.status === 200 && asked <= 100; asked++) answer = await session.requestToken();
      return answer;
    },
    check: noBody(429),
  };
}
