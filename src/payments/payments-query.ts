import type { PaymentStatus } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { decodeCursor, optionalDate, pageOf } from '../paging.js';
import { paymentView, type PaymentView } from './payment-view.js';
import type { PaymentsStore } from './payments-store.js';

export interface PaymentQuery {
  status?: PaymentStatus;
  customerRef?: string;
  from?: string;
  to?: string;
  limit?: number;
  cursor?: string;
}

export const DEFAULT_PAGE = 50;

// A held payment keeps the customerRef the bank sent, seven digits or not, so the filter matches
// any text. PostgreSQL text cannot hold a NUL, so a filter with one is refused rather than sent.
function customerRefFilter(input: string): string | undefined {
  const customerRef = input.trim();
  if (customerRef.includes('\u0000')) throw new AppError('invalid_input', 'customerRef: must not contain NUL characters');
  return customerRef === '' ? undefined : customerRef;
}

/** The staff's view of payments: newest first, filtered, one page at a time. */
export function createPaymentsQuery({ store }: { store: Pick<PaymentsStore, 'list' | 'findByReceipt'> }) {
  return {
    async list(query: PaymentQuery): Promise<{ items: PaymentView[]; nextCursor: string | null }> {
      const limit = query.limit ?? DEFAULT_PAGE;
      const rows = await store.list({
        status: query.status,
        customerRef: query.customerRef === undefined ? undefined : customerRefFilter(query.customerRef),
        from: optionalDate('from', query.from),
        to: optionalDate('to', query.to),
        beforeId: query.cursor === undefined ? undefined : decodeCursor('p', query.cursor),
        limit: limit + 1,
      });
      const page = pageOf('p', rows, limit);
      return { items: page.rows.map(paymentView), nextCursor: page.nextCursor };
    },

    async getByReceipt(erpRefId: string): Promise<PaymentView> {
      const receipt = erpRefId.trim().toUpperCase();
      const row = /^[A-Z0-9]{8}$/.test(receipt) ? await store.findByReceipt(receipt) : undefined;
      if (!row) throw new AppError('not_found', `No accepted payment with receipt ${erpRefId}`);
      return paymentView(row);
    },
  };
}

export type PaymentsQuery = ReturnType<typeof createPaymentsQuery>;
