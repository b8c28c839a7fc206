import type { AuditStore } from '../audit/audit-store.js';
import type { ClientsStore } from '../clients/clients-store.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/schema.js';
import type { Transact } from '../db/transaction.js';
import type { Job } from '../jobs/scheduler.js';
import { createSandboxBank } from './sandbox-bank.js';
import { createSandboxStore } from './sandbox-store.js';
import { createSelfTest } from './self-test.js';
import { createSelfTestSecrets } from './self-test-secrets.js';
import { createTestPaymentsService } from './test-payments-service.js';

export interface SandboxConfig {
  validationWindow: number;
  requireValidation: boolean;
  /** milliseconds: how long test payments are kept */
  sandboxRetention: number;
  publicUrl: string;
}

/** A test secret the service made for itself is revoked when its test ends; one a crash left, after this long. */
const SELF_TEST_SECRET_MS = 10 * 60_000;

/** The sandbox clients' side of the service: their bank API, their test payments, and the job that removes old ones. */
export function createSandboxServices({
  db,
  transact,
  clock,
  config,
  clientsStore,
  auditStore,
  deliverDue,
}: {
  clientsStore: Pick<ClientsStore, 'findClient'>;
  auditStore: AuditStore;
  db: Db;
  transact: Transact;
  clock: Clock;
  config: SandboxConfig;
  deliverDue: () => Promise<unknown>;
}) {
  const sandboxStore = createSandboxStore(db);
  const selfTestSecrets = createSelfTestSecrets(db);
  const testPayments = createTestPaymentsService({ sandboxStore, clientsStore });
  const sandboxJobs: Job[] = [
    {
      name: 'prune-test-payments',
      everyMs: 3_600_000,
      run: () => sandboxStore.prune(new Date(clock.now().getTime() - config.sandboxRetention)),
    },
    {
      name: 'revoke-self-test-secrets',
      everyMs: SELF_TEST_SECRET_MS,
      run: () => selfTestSecrets.revokeLeftBefore(new Date(clock.now().getTime() - SELF_TEST_SECRET_MS), clock.now()),
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
    selfTest: createSelfTest({
      clientsStore,
      selfTestSecrets,
      sandboxStore,
      publicUrl: config.publicUrl,
      deliverDue,
      auditStore,
      transact,
      clock,
    }),
    sandboxJobs,
  };
}
