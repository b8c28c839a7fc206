import type { Static } from '@sinclair/typebox';
import { csvInBatches } from '../csv.js';
import { invalidInput, notFound } from '../errors.js';
import { pageCursor, pageOf } from '../paging.js';
import { localDateTimes } from '../time-zone.js';
import type { HeldCases } from './held-cases.js';
import { paidWindow } from './paid-day.js';
import type { HeldCase } from './payment-schemas.js';
import { type HistoryEntry, historyOf, type PaymentView, paymentView } from './payment-view.js';
import { PAYMENT_CSV_HEADER, paymentCsvLine } from './payments-csv.js';
import type { PaymentsReadStore } from './payments-read-store.js';
import type { Filters } from './payments-search.js';
import type { PaymentsSearch, PaymentsTotalsQuery, PaymentTotals } from './query-schemas.js';
import type { ResolutionStore } from './resolution-store.js';

export type PaymentQuery = Static<typeof PaymentsSearch>;

/** A payment of a list page: its held case with it when that was asked for. */
type ListedPaymentView = PaymentView & { heldCase?: Static<typeof HeldCase> };

export const DEFAULT_PAGE = 50;
const CSV_BATCH = 5000;

// A held payment keeps the customerRef the bank sent, seven digits or not, so the filter matches
// any text. PostgreSQL text cannot hold a NUL, so a filter with one is refused rather than sent.
function textFilter(field: string, input: string | undefined): string | undefined {
  const text = input?.trim();
  if (text?.includes('\u0000')) throw invalidInput.nulCharacters(field);
  return text === '' ? undefined : text;
}

/** What the search's query string narrows payments by, the window on the day paid included. */
function filtersOf(query: Static<typeof PaymentsTotalsQuery>, timeZone: string): Filters {
  return {
    text: textFilter('q', query.q),
    status: query.status,
    memberNumber: textFilter('customerRef', query.customerRef),
    transactionReference: textFilter('transactionReference', query.transactionReference),
    clientId: textFilter('clientId', query.clientId),
    // Stored as the contract spells them (MPESA, RTGS, …), which a person may not.
    paymentType: textFilter('paymentType', query.paymentType)?.toUpperCase(),
    ...paidWindow(query, timeZone),
  };
}

/** A receipt number (eight letters and digits) or a paymentId (digits only). */
function identify(receiptOrId: string): { erpRefId: string } | { paymentId: number } | undefined {
  const text = receiptOrId.trim().toUpperCase();
  if (/^\d{1,15}$/.test(text)) return { paymentId: Number(text) };
  if (/^[A-Z0-9]{8}$/.test(text)) return { erpRefId: text };
  return undefined;
}

/** The staff's view of payments: filtered, one page at a time, and one payment with its history. */
export function createPaymentsQuery({
  paymentsReadStore,
  resolutionStore,
  heldCases,
  timeZone,
}: {
  paymentsReadStore: PaymentsReadStore;
  resolutionStore: Pick<ResolutionStore, 'events' | 'eventsOf'>;
  heldCases: HeldCases;
  timeZone: string;
}) {
  return {
    /** A page of the search; with include=heldCase, each held payment's case as well, for the page at once. */
    async list(query: PaymentQuery): Promise<{ items: ListedPaymentView[]; nextCursor: string | null }> {
      const limit = query.limit ?? DEFAULT_PAGE;
      const rows = await paymentsReadStore.list({
        ...filtersOf(query, timeZone),
        newestFirst: query.order !== 'oldest',
        afterId: query.cursor === undefined ? undefined : pageCursor.decode('p', query.cursor),
        limit: limit + 1,
      });
      const page = pageOf('p', rows, limit);
      const cases = query.include === 'heldCase' ? await heldCases.of(page.rows) : new Map<number, never>();
      const items = page.rows.map((row) => {
        const heldCase = cases.get(row.id);
        return heldCase ? { ...paymentView(row), heldCase } : paymentView(row);
      });
      return { items, nextCursor: page.nextCursor };
    },

    /**
     * Every payment the search finds, in its order, as CSV: a batch at a time by the same keyset as
     * its pages, so a million rows never sit in memory. limit and cursor are not the file's: it is
     * every page. The filters are checked before the first line, so a bad one is refused, not cut short.
     */
    csv(query: PaymentQuery): AsyncIterable<string> {
      const filters = filtersOf(query, timeZone);
      const newestFirst = query.order !== 'oldest';
      const local = localDateTimes(timeZone);
      return csvInBatches(
        PAYMENT_CSV_HEADER,
        CSV_BATCH,
        (afterId, limit) => paymentsReadStore.csvPage({ ...filters, newestFirst, afterId, limit }),
        (row) => paymentCsvLine(row, local),
      );
    },

    /** How many payments the search finds, and their sum in each currency: every page of it at once. */
    async totals(query: Static<typeof PaymentsTotalsQuery>): Promise<Static<typeof PaymentTotals>> {
      const byCurrency = await paymentsReadStore.totals(filtersOf(query, timeZone));
      return { count: byCurrency.reduce((all, one) => all + one.count, 0), byCurrency };
    },

    /** One payment by its receipt number or its paymentId, with what happened to it. */
    async get(receiptOrId: string): Promise<PaymentView & { history: HistoryEntry[] }> {
      const by = identify(receiptOrId);
      const row = by && (await paymentsReadStore.find(by));
      if (!row) throw notFound.payment(receiptOrId.trim());
      return { ...paymentView(row), history: historyOf(row, await resolutionStore.events(row.id)) };
    },

    /** Several payments as `get` shows each, by paymentId, in two queries whatever their number. */
    async getMany(paymentIds: readonly number[]): Promise<Map<number, PaymentView & { history: HistoryEntry[] }>> {
      const [rows, events] = await Promise.all([
        paymentsReadStore.findMany(paymentIds),
        resolutionStore.eventsOf(paymentIds),
      ]);
      const eventsBy = new Map<number, typeof events>();
      for (const event of events) {
        const ofPayment = eventsBy.get(event.payment_id);
        if (ofPayment) ofPayment.push(event);
        else eventsBy.set(event.payment_id, [event]);
      }
      return new Map(
        rows.map((row) => [row.id, { ...paymentView(row), history: historyOf(row, eventsBy.get(row.id) ?? []) }]),
      );
    },
  };
}

export type PaymentsQuery = ReturnType<typeof createPaymentsQuery>;
