import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DatabaseUnavailableError } from '../../src/db/unavailable.js';
import type { NotificationRow } from '../../src/payments/notification-row.js';
import { createPaymentsService } from '../../src/payments/payments-service.js';
import { type RecordResult, RetryStatement } from '../../src/payments/payments-store.js';

const body = { transactionReference: 'R1', paymentType: 'MPESA' as const, customerRef: '1234567', amount: '10' };

const accepted = (row: NotificationRow): RecordResult => ({
  kind: 'recorded',
  payment: {
    paymentId: 1,
    source: 'notification',
    status: 'accepted',
    erpRefId: row.receipt,
    paymentType: row.paymentType,
    customerRef: row.customerRef,
    amount: row.amount,
    currency: row.currency,
  },
  newlyHeld: false,
});

type Statement = (items: readonly NotificationRow[]) => Promise<RecordResult[]>;

/** The service on a store whose one statement, for several notifications or one alone, is `statement`. */
function service(statement: Statement) {
  const alone = async (item: NotificationRow) => {
    const [result] = await statement([item]);
    if (!result || result.kind === 'member_busy') throw new Error('a statement alone cannot skip its member');
    return result;
  };
  return createPaymentsService({
    paymentsStore: { recordTogether: statement, recordAlone: alone },
    clock: { now: () => new Date('2026-11-21T08:00:00Z') },
    validationWindowMs: 86_400_000,
    requireValidation: true,
  });
}

const send = (payments: ReturnType<typeof service>, reference: string) =>
  payments.notify('client', { ...body, transactionReference: reference }, '{}');

const outcomes = (settled: PromiseSettledResult<{ kind: string }>[]) =>
  settled.map((o) => (o.status === 'fulfilled' ? o.value.kind : (o.reason as Error).message));

describe('payments service', () => {
  it('tries again with a new receipt number when the one it drew is taken', async () => {
    const drawn: string[] = [];
    const payments = service(async ([item]) => {
      drawn.push(item!.receipt);
      if (drawn.length <= 2) throw new RetryStatement('receipt taken');
      return [accepted(item!)];
    });
    const outcome = await send(payments, 'R1');
    assert.equal(drawn.length, 3);
    assert.equal(new Set(drawn).size, 3, 'a new receipt each time');
    assert.deepEqual(outcome, { kind: 'accepted', erpRefId: drawn[2], transactionReference: 'R1' });
  });

  it('answers 503 rather than loop when no attempt can be recorded', async () => {
    let tries = 0;
    const payments = service(async () => {
      tries += 1;
      throw new RetryStatement('receipt taken');
    });
    await assert.rejects(
      send(payments, 'R1'),
      (error: { code?: string; retryAfter?: number }) => error.code === 'unavailable',
    );
    assert.equal(tries, 5);
  });

  it('records a reference sent twice at once in two statements, the repeat after the first', async () => {
    const statements: string[][] = [];
    const payments = service(async (items) => {
      statements.push(items.map((item) => item.transactionReference));
      return items.map((item) => accepted(item));
    });
    const answers = await Promise.all(['A', 'B', 'A', 'A'].map((reference) => send(payments, reference)));
    assert.deepEqual(statements, [['A', 'B'], ['A'], ['A']]);
    assert.deepEqual(
      answers.map((o) => o.transactionReference),
      ['A', 'B', 'A', 'A'],
    );
  });

  it('records a notification whose member is busy by itself, and the rest of its batch at once', async () => {
    const statements: string[][] = [];
    const payments = service(async (items) => {
      statements.push(items.map((item) => item.transactionReference));
      return items.map((item) =>
        items.length > 1 && item.transactionReference === 'LOCKED' ? { kind: 'member_busy' } : accepted(item),
      );
    });
    const settled = await Promise.allSettled(['A', 'LOCKED', 'B'].map((reference) => send(payments, reference)));
    assert.deepEqual(statements, [['A', 'LOCKED', 'B'], ['LOCKED']]);
    assert.deepEqual(outcomes(settled), ['accepted', 'accepted', 'accepted']);
  });

  it('records each notification of a failed batch by itself, so that an error answers only its own request', async () => {
    const statements: string[][] = [];
    const payments = service(async (items) => {
      statements.push(items.map((item) => item.transactionReference));
      if (items.some((item) => item.transactionReference === 'BAD')) throw new Error('bad row');
      return items.map((item) => accepted(item));
    });
    const settled = await Promise.allSettled(['A', 'BAD', 'B', 'A'].map((reference) => send(payments, reference)));
    assert.deepEqual(statements[0], ['A', 'BAD', 'B']);
    assert.deepEqual(
      statements
        .slice(1)
        .map((s) => s.join())
        .sort(),
      ['A', 'A', 'B', 'BAD'],
      'each again by itself, the repeat too',
    );
    assert.deepEqual(outcomes(settled), ['accepted', 'bad row', 'accepted', 'accepted']);
  });

  it('fails every notification of a batch at once when the database is out of reach, without trying each again', async () => {
    let statements = 0;
    const payments = service(async () => {
      statements += 1;
      throw new DatabaseUnavailableError(new Error('connect ECONNREFUSED'));
    });
    const settled = await Promise.allSettled(['A', 'B', 'C'].map((reference) => send(payments, reference)));
    assert.equal(statements, 1);
    assert.ok(settled.every((o) => o.status === 'rejected' && o.reason instanceof DatabaseUnavailableError));
  });
});
