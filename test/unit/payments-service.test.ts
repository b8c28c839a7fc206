import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PaymentsServiceDeps } from '../../src/payments/payments-service.js';
import { createPaymentsService } from '../../src/payments/payments-service.js';
import type { PaymentRow } from '../../src/payments/payments-store.js';

const body = { transactionReference: 'R1', paymentType: 'MPESA' as const, customerRef: '1234567', amount: '10' };

describe('payments service', () => {
  it('tries again with a new receipt number when the one it drew is taken', async () => {
    const drawn: string[] = [];
    const payments: PaymentsServiceDeps['payments'] = {
      findByReference: async () => undefined,
      // The first two receipts collide, as the unique index would report.
      notify: async ([item]) => {
        const { payment } = item!;
        drawn.push(payment.receipt);
        if (drawn.length <= 2) return 'try_again';
        const row = { ...payment, id: 1, attempts: 1, accepted_txid: '1', status: 'accepted', held_reason: null, erp_ref_id: payment.receipt };
        return [{ row: row as unknown as PaymentRow, earlier: false }];
      },
    };
    const service = createPaymentsService({
      payments,
      clock: { now: () => new Date('2026-11-21T08:00:00Z') },
      validationWindowMs: 86_400_000,
      requireValidation: true,
    });
    const outcome = await service.notify('client', body, JSON.stringify(body));
    assert.equal(drawn.length, 3);
    assert.equal(new Set(drawn).size, 3, 'a new receipt each time');
    assert.deepEqual(outcome, { kind: 'accepted', erpRefId: drawn[2], transactionReference: 'R1' });
  });

  it('gives up with an internal error rather than loop when no receipt can be had', async () => {
    let tries = 0;
    const service = createPaymentsService({
      payments: { findByReference: async () => undefined, notify: async () => (tries++, 'try_again') },
      clock: { now: () => new Date() },
      validationWindowMs: 1,
      requireValidation: false,
    });
    await assert.rejects(service.notify('client', body, '{}'), /Internal error/);
    assert.equal(tries, 5);
  });

  it('records a reference sent twice at once in two statements, the repeat after the first', async () => {
    const statements: string[][] = [];
    const service = createPaymentsService({
      payments: {
        findByReference: async () => undefined,
        notify: async (items) => {
          statements.push(items.map((item) => item.payment.transaction_reference));
          return items.map(({ payment }) => ({
            row: { ...payment, status: 'accepted', erp_ref_id: payment.receipt } as unknown as PaymentRow,
            earlier: false,
          }));
        },
      },
      clock: { now: () => new Date() },
      validationWindowMs: 1,
      requireValidation: false,
    });
    const send = (reference: string) => service.notify('client', { ...body, transactionReference: reference }, '{}');
    const outcomes = await Promise.all([send('A'), send('B'), send('A'), send('A')]);
    assert.deepEqual(statements, [['A', 'B'], ['A'], ['A']]);
    assert.deepEqual(outcomes.map((o) => o.transactionReference), ['A', 'B', 'A', 'A']);
  });

  it('records each notification by itself when a batch waited too long for a locked member', async () => {
    const statements: string[][] = [];
    const service = createPaymentsService({
      payments: {
        findByReference: async () => undefined,
        notify: async (items) => {
          statements.push(items.map((item) => item.payment.transaction_reference));
          if (items.length > 1) return 'contended';
          if (items[0]!.payment.transaction_reference === 'LOCKED') throw new Error('lock timeout');
          return [{ row: { ...items[0]!.payment, status: 'accepted', erp_ref_id: 'R' } as unknown as PaymentRow, earlier: false }];
        },
      },
      clock: { now: () => new Date() },
      validationWindowMs: 1,
      requireValidation: false,
    });
    const send = (reference: string) => service.notify('client', { ...body, transactionReference: reference }, '{}');
    const outcomes = await Promise.allSettled([send('A'), send('LOCKED'), send('B')]);
    assert.deepEqual(statements[0], ['A', 'LOCKED', 'B']);
    assert.deepEqual(statements.slice(1).sort(), [['A'], ['B'], ['LOCKED']]);
    assert.deepEqual(
      outcomes.map((o) => (o.status === 'fulfilled' ? o.value.kind : (o.reason as Error).message)),
      ['accepted', 'lock timeout', 'accepted'],
    );
  });
});
