import type { ClientsStore } from '../clients/clients-store.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/schema.js';
import type { Transact } from '../db/transaction.js';
import type { Job } from '../jobs/scheduler.js';
import { createSandboxBank } from './sandbox-bank.js';
import { createSandboxStore } from './sandbox-store.js';
import { createTestPaymentsService } from './test-payments-service.js';

export interface SandboxConfig {
  validationWindow: number;
  requireValidation: boolean;
  /** milliseconds: how long test payments are kept */
  sandboxRetention: number;
}

/** The sandbox clients' side of the service: their bank API, their test payments, and the job that removes old ones. */
export function createSandboxServices({
  db,
  transact,
  clock,
  config,
  clientsStore,
}: {
  clientsStore: Pick<ClientsStore, 'findClient'>;
  db: Db;
  transact: Transact;
  clock: Clock;
  config: SandboxConfig;
}) {
  const sandboxStore = createSandboxStore(db);
  const testPayments = createTestPaymentsService({ sandboxStore, clientsStore });
  const sandboxJobs: Job[] = [
    {
      name: 'prune-test-payments',
      everyMs: 3_600_000,
      run: () => sandboxStore.prune(new Date(clock.now().getTime() - config.sandboxRetention)),
    },
  ];
  return {
    sandboxBank: createSandboxBank({
      sandboxStore,
      transact,
      clock,
      validationWindowMs: config.validationWindow,
      requireValidation: config.requireValidation,
    }),
    testPayments,
    sandboxJobs,
  };
}
