import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PaymentsServiceDeps } from '../../src/payments/payments-service.js';
import { createPaymentsService } from '../../src/payments/payments-service.js';
import type { NewPayment, PaymentRow } from '../../src/payments/payments-store.js';

const body = { transactionReference: 'R1', paymentType: 'MPESA' as const, customerRef: '1234567', amount: '10' };

describe('payments service', () => {
  it('tries again with a new receipt number when the one it drew is taken', async () => {
    const drawn: string[] = [];
    let attempts = 0;
    const payments: PaymentsServiceDeps['payments'] = {
      findByReference: async () => undefined,
      record: async (payment: NewPayment) => {
        drawn.push(payment.erp_ref_id!);
        return { ...payment, id: 1, attempts: 1, accepted_txid: '1' } as PaymentRow;
      },
      // The first two evaluations collide on the receipt, as a unique index would report.
      evaluate: async (work) => (++attempts <= 2 ? 'receipt_taken' : work({} as never)),
    };
    const service = createPaymentsService({
      payments,
      members: { payability: async () => ({ status: 'active', validated: true }) },
      clock: { now: () => new Date('2026-11-21T08:00:00Z') },
      validationWindowMs: 86_400_000,
      requireValidation: true,
    });
    const outcome = await service.notify('client', body, JSON.stringify(body));
    assert.equal(attempts, 3);
    assert.deepEqual(outcome, { kind: 'accepted', erpRefId: drawn[0], transactionReference: 'R1' });
  });

  it('gives up with an internal error rather than loop when no receipt can be had', async () => {
    const service = createPaymentsService({
      payments: { findByReference: async () => undefined, record: async () => 'final', evaluate: async () => 'receipt_taken' },
      members: { payability: async () => ({ status: 'active', validated: true }) },
      clock: { now: () => new Date() },
      validationWindowMs: 1,
      requireValidation: false,
    });
    await assert.rejects(service.notify('client', body, '{}'), /Internal error/);
  });
});
