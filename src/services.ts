import { createAdminTokens } from './admin/admin-tokens.js';
import { createAuditStore } from './audit/audit-store.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import { createClientsService } from './clients/clients-service.js';
import { createClientsStore } from './clients/clients-store.js';
import type { Db } from './db/schema.js';
import { createServiceKeysStore } from './db/service-keys-store.js';
import { transactor } from './db/transaction.js';
import { randomId } from './secrets.js';
import { createMembersImport } from './members/members-import.js';
import { createMembersImportStore } from './members/members-import-store.js';
import { createMembersService } from './members/members-service.js';
import { createMembersStore } from './members/members-store.js';
import { createAccessTokens, loadSigningKey } from './oauth/access-tokens.js';
import { createRateLimitStore } from './oauth/rate-limit-store.js';
import { createTokenService } from './oauth/token-service.js';
import { createPaymentsExport } from './payments/payments-export.js';
import { createPaymentsQuery } from './payments/payments-query.js';
import { createPaymentsService } from './payments/payments-service.js';
import { createPaymentsStore } from './payments/payments-store.js';

export type ServiceConfig = Pick<
  Config,
  'adminToken' | 'publicUrl' | 'handoverTtl' | 'tokenRateLimit' | 'tokenSigningKey' | 'validationWindow' | 'requireValidation'
>;

/** This database's identity, made once: export cursors carry it. */
async function installIdOf(keys: ReturnType<typeof createServiceKeysStore>): Promise<string> {
  await keys.insertIfAbsent('install_id', randomId());
  return (await keys.get('install_id'))!;
}

/** Wires stores into services. Each service gets only the slice it uses. */
export async function createServices(db: Db, config: ServiceConfig, clock: Clock) {
  const clientsStore = createClientsStore(db);
  const membersStore = createMembersStore(db);
  const paymentsStore = createPaymentsStore(db);
  const audit = createAuditStore({ db, clock });
  const transact = transactor(db);
  const keys = createServiceKeysStore(db);
  const accessTokens = createAccessTokens(await loadSigningKey(keys, config.tokenSigningKey), clock);
  const clients = createClientsService({
    store: clientsStore,
    audit,
    transact,
    clock,
    handoverTtlMs: config.handoverTtl,
    publicUrl: config.publicUrl,
  });
  return {
    adminTokens: createAdminTokens({ keys, audit, transact, configured: config.adminToken }),
    accessTokens,
    clients,
    tokens: createTokenService({
      clients,
      rateLimits: createRateLimitStore(db),
      tokens: accessTokens,
      clock,
      rateLimit: config.tokenRateLimit,
    }),
    members: createMembersService({ store: membersStore, audit, transact, clock }),
    membersImport: createMembersImport({ store: createMembersImportStore(db), audit, clock }),
    audit,
    payments: createPaymentsService({
      payments: paymentsStore,
      clock,
      validationWindowMs: config.validationWindow,
      requireValidation: config.requireValidation,
    }),
    paymentsQuery: createPaymentsQuery({ store: paymentsStore }),
    paymentsExport: createPaymentsExport({ store: paymentsStore, installId: await installIdOf(keys) }),
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
