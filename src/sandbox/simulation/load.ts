import type { BankSession } from './bank-session.js';
import type { references } from './contract-steps.js';

/** How one kind of call went under load: latencies in milliseconds. */
export interface CallSummary {
  calls: number;
  failed: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface LoadSummary {
  payments: number;
  concurrency: number;
  seconds: number;
  validate: CallSummary;
  payment: CallSummary;
  /** The first few failures, as "<call> <status> <body>". */
  failures: string[];
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);

function summary(latencies: number[], failed: number): CallSummary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => Math.round(percentile(sorted, p) * 10) / 10;
  return { calls: latencies.length, failed, p50: at(50), p95: at(95), p99: at(99), max: at(100) };
}

/**
 * A small load test: `payments` times a validation of 9900001 and a payment for it under a new
 * reference, `concurrency` at once, as a bank at month end. Every answer must be the contract's 200.
 */
export async function runLoad(
  session: BankSession,
  { payments, concurrency }: { payments: number; concurrency: number },
  nextReference: ReturnType<typeof references>,
): Promise<LoadSummary> {
  const latencies = { validate: [] as number[], payment: [] as number[] };
  const failed = { validate: 0, payment: 0 };
  const failures: string[] = [];
  const fail = (call: 'validate' | 'payment', what: string) => {
    failed[call] += 1;
    if (failures.length < 5) failures.push(`${call} ${what}`);
  };
  let started = 0;
  const began = performance.now();
  const worker = async () => {
    while (started < payments) {
      started += 1;
      for (const [call, path, body] of [
        ['validate', '/bank/v1/validate', { customerRef: '9900001' }],
        [
          'payment',
          '/bank/v1/payments',
          { transactionReference: nextReference(), paymentType: 'MPESA', customerRef: '9900001', amount: '10.00' },
        ],
      ] as const) {
        try {
          const answer = await session.call(path, body);
          latencies[call].push(answer.ms);
          if (answer.status !== 200) fail(call, `${answer.status} ${answer.text.slice(0, 120)}`);
        } catch (error) {
          fail(call, `no answer: ${(error as Error).message}`);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, payments)) }, worker));
  return {
    payments,
    concurrency,
    seconds: Math.round((performance.now() - began) / 10) / 100,
    validate: summary(latencies.validate, failed.validate),
    payment: summary(latencies.payment, failed.payment),
    failures,
  };
}
