import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PaymentsServiceDeps } from '../../src/payments/payments-service.js';
import { createPaymentsService } from '../../src/payments/payments-service.js';
import { DatabaseUnavailableError } from '../../src/db/unavailable.js';
import type { Notification, NotifyResult } from '../../src/payments/payments-store.js';

const body = { transactionReference: 'R1', paymentType: 'MPESA' as const, customerRef: '1234567', amount: '10' };

const accepted = (payment: Notification): NotifyResult => ({
  payment: { status: 'accepted', held_reason: null, erp_ref_id: payment.receipt, payment_type: payment.payment_type, customer_ref: payment.customer_ref, amount: payment.amount, currency: payment.currency },
  earlier: false,
});

function service(notify: PaymentsServiceDeps['payments']['notify']) {
  return createPaymentsService({
    payments: { findByReference: async () => undefined, notify },
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
      drawn.push(item!.payment.receipt);
      return drawn.length <= 2 ? 'try_again' : [accepted(item!.payment)];
    });
    const outcome = await send(payments, 'R1');
    assert.equal(drawn.length, 3);
    assert.equal(new Set(drawn).size, 3, 'a new receipt each time');
    assert.deepEqual(outcome, { kind: 'accepted', erpRefId: drawn[2], transactionReference: 'R1' });
  });

  it('answers 503 rather than loop when no attempt can be recorded', async () => {
    let tries = 0;
    const payments = service(async () => (tries++, 'try_again'));
    await assert.rejects(send(payments, 'R1'), (error: { code?: string; retryAfter?: number }) => error.code === 'unavailable');
    assert.equal(tries, 5);
  });

  it('records a reference sent twice at once in two statements, the repeat after the first', async () => {
    const statements: string[][] = [];
    const payments = service(async (items) => {
      statements.push(items.map((item) => item.payment.transaction_reference));
      return items.map((item) => accepted(item.payment));
    });
    const answers = await Promise.all(['A', 'B', 'A', 'A'].map((reference) => send(payments, reference)));
    assert.deepEqual(statements, [['A', 'B'], ['A'], ['A']]);
    assert.deepEqual(answers.map((o) => o.transactionReference), ['A', 'B', 'A', 'A']);
  });

  it('records a notification whose member is busy by itself, and the rest of its batch at once', async () => {
    const statements: string[][] = [];
    const payments = service(async (items) => {
      statements.push(items.map((item) => item.payment.transaction_reference));
      return items.map((item) => (items.length > 1 && item.payment.transaction_reference === 'LOCKED' ? 'busy' : accepted(item.payment)));
    });
    const settled = await Promise.allSettled(['A', 'LOCKED', 'B'].map((reference) => send(payments, reference)));
    assert.deepEqual(statements, [['A', 'LOCKED', 'B'], ['LOCKED']]);
    assert.deepEqual(outcomes(settled), ['accepted', 'accepted', 'accepted']);
  });

  it("records each notification of a failed batch by itself, so that an error answers only its own request", async () => {
    const statements: string[][] = [];
    const payments = service(async (items) => {
      statements.push(items.map((item) => item.payment.transaction_reference));
      if (items.some((item) => item.payment.transaction_reference === 'BAD')) throw new Error('bad row');
      return items.map((item) => accepted(item.payment));
    });
    const settled = await Promise.allSettled(['A', 'BAD', 'B', 'A'].map((reference) => send(payments, reference)));
    assert.deepEqual(statements[0], ['A', 'BAD', 'B']);
    assert.deepEqual(statements.slice(1).map((s) => s.join()).sort(), ['A', 'A', 'B', 'BAD'], 'each again by itself, the repeat too');
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

