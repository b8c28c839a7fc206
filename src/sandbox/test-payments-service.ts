import { isClientId } from '../clients/client-ids.js';
import type { ClientsStore } from '../clients/clients-store.js';
import { notFound } from '../errors.js';
import { pageCursor, pageOf } from '../paging.js';
import type { SandboxStore } from './sandbox-store.js';
import { type TestPaymentView, testPaymentView } from './test-payment-view.js';

const CURSOR = 'testpayment';

/** A sandbox client's test payments, for the console's page of that bank. */
export function createTestPaymentsService({
  sandboxStore,
  clientsStore,
}: {
  sandboxStore: Pick<SandboxStore, 'listOfClient'>;
  clientsStore: Pick<ClientsStore, 'findClient'>;
}) {
  return {
    /** Newest first; a live client has none. */
    async listOfClient(
      clientId: string,
      { limit, cursor }: { limit: number; cursor?: string | undefined },
    ): Promise<{ items: TestPaymentView[]; nextCursor: string | null }> {
      if (!isClientId(clientId) || !(await clientsStore.findClient(clientId))) throw notFound.client(clientId);
      const beforeId = cursor === undefined ? undefined : pageCursor.decode(CURSOR, cursor);
      const { rows, nextCursor } = pageOf(CURSOR, await sandboxStore.listOfClient(clientId, limit, beforeId), limit);
      return { items: rows.map(testPaymentView), nextCursor };
    },
  };
}

export type TestPaymentsService = ReturnType<typeof createTestPaymentsService>;
