import { sql } from 'kysely';
import { createAlertServices } from './alerts/alert-services.js';
import { createAuditQuery } from './audit/audit-query.js';
import { createAuditStore } from './audit/audit-store.js';
import { createAuthFailuresStore } from './auth/auth-failures-store.js';
import { createThrottle, type ThrottleRule } from './auth/throttle.js';
import { createBackupService } from './backups/backup-service.js';
import { createBankCalls, createBankCallsStore, RECORD_EVERY_MS } from './clients/bank-calls.js';
import { createCallLimit } from './clients/call-limit.js';
import { createClientAccess } from './clients/client-access.js';
import { createClientAuthentication } from './clients/client-authentication.js';
import { createClientsService } from './clients/clients-service.js';
import { createClientsStore } from './clients/clients-store.js';
import { createHandoverService } from './clients/handover-service.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { inIndexOrder } from './db/index-order.js';
import { createServiceKeysStore, installIdOf } from './db/service-keys-store.js';
import { transactor } from './db/transaction.js';
import { createEmailServices } from './email/email-services.js';
import type { QueueEmail } from './email/outgoing-email.js';
import { createBankTraffic } from './jobs/bank-traffic.js';
import { housekeepingJobs } from './jobs/housekeeping.js';
import { createMembersImport } from './members/members-import.js';
import { createMembersImportStore } from './members/members-import-store.js';
import { createMembersSearch } from './members/members-search.js';
import { createMembersService } from './members/members-service.js';
import { createMembersStore } from './members/members-store.js';
import { createMoneyDeskServices } from './money-desk.js';
import { createAccessTokens, loadSigningKey } from './oauth/access-tokens.js';
import { createRateLimitStore } from './oauth/rate-limit-store.js';
import { createTokenService } from './oauth/token-service.js';
import { createAdminTokens } from './operators/admin-tokens.js';
import { createOperatorServices } from './operators/operator-services.js';
import { createSetupCodes } from './operators/setup-codes.js';
import { createSetupService } from './operators/setup-service.js';
import { createPaymentsService } from './payments/payments-service.js';
import { createPaymentsStore } from './payments/payments-store.js';
import { createSandboxServices } from './sandbox/sandbox-services.js';
import { createAcceptedMessages } from './webhooks/accepted-messages.js';
import { createOutbox } from './webhooks/outbox.js';
import type { HostResolver } from './webhooks/webhook-addresses.js';
import { createWebhookServices } from './webhooks/webhook-services.js';

/** The settings the services read: everything but where to listen and where the database is. */
export type ServiceConfig = Omit<Config, 'port' | 'host' | 'databaseUrl' | 'dataDir' | 'logLevel'>;

/** Failed admin tokens from one address: 20 in 15 minutes, then refused until the oldest ages out. */
const ADMIN_TOKEN_THROTTLE: ThrottleRule = { scope: 'admin_token_address', limit: 20, windowMs: 15 * 60_000 };

/** Wires stores into services. Each service declares the slice of each store it uses. */
export async function createServices(
  database: Pick<Database, 'db' | 'kind' | 'backup'>,
  config: ServiceConfig,
  clock: Clock,
  options: { resolveHost?: HostResolver | undefined; queueEmail?: QueueEmail | undefined } = {},
) {
  const { db } = database;
  const clientsStore = createClientsStore(db);
  const paymentsStore = createPaymentsStore(db);
  const auditStore = createAuditStore({ db, clock });
  const transact = transactor(db);
  const indexOrder = inIndexOrder(db, database.kind === 'pglite');
  // The ERP's webhooks: services emit their events into it, the way they record what they do.
  const outbox = createOutbox(createAcceptedMessages(db, indexOrder));
  const serviceKeysStore = createServiceKeysStore(db);
  const signingKey = await loadSigningKey(serviceKeysStore, config.tokenSigningKey);
  const accessTokens = createAccessTokens(signingKey, clock, config.publicUrl);
  const clientAccess = await createClientAccess({ clientsStore, clock });
  const membersStore = createMembersStore(db);
  const rateLimitStore = createRateLimitStore(db);
  const authFailuresStore = createAuthFailuresStore(db);
  const setupCodes = createSetupCodes({ serviceKeysStore, clock });
  // Email: every email enters the outbox through email.queueEmail, in the transaction of what causes it.
  const email = createEmailServices({ db, clock, config });
  const configured = config.adminToken;
  const adminTokens = createAdminTokens({ serviceKeysStore, auditStore, transact, configured, setupCodes });
  const moneyDesk = createMoneyDeskServices({
    db,
    clock,
    auditStore,
    transact,
    clientsStore,
    outbox,
    timeZone: config.timeZone,
    installId: await installIdOf(serviceKeysStore),
  });
  const { emailOn, queueEmail } = email;
  // The alerts' emails only: a queueEmail given (the tests' own list) stands for an outbox that sends.
  const alertMail = options.queueEmail ? { emailOn: true, queueEmail: options.queueEmail } : { emailOn, queueEmail };
  const core = { db, clock, auditStore, transact, config };
  const alerts = createAlertServices({ ...core, ...alertMail, ...moneyDesk });
  // A sign-in from an admin's new address raises an alert.
  const onSignedIn = alerts.alertsService.signedIn;
  const operators = createOperatorServices({ ...core, authFailuresStore, onSignedIn, email: { emailOn, queueEmail } });
  const bankTraffic = createBankTraffic(clock);
  const bankCallsStore = createBankCallsStore(db);
  const bankCalls = createBankCalls({ bankCallsStore, clock });
  const webhooks = createWebhookServices({
    db,
    clock,
    auditStore,
    transact,
    timeZone: config.timeZone,
    allowHttp: config.webhooksAllowHttp,
    paymentViews: (paymentIds) => moneyDesk.paymentsQuery.getMany(paymentIds),
    bankBusy: bankTraffic.busy,
    indexOrder,
    outbox,
    resolveHost: options.resolveHost,
  });
  const deliverDue = () => webhooks.webhookDelivery.deliverDue();
  const sandbox = createSandboxServices({ db, transact, clock, config, clientsStore, auditStore, deliverDue });
  return {
    bankTraffic,
    bankCalls,
    bankCallsStore,
    ...operators,
    setupCodes,
    setupService: createSetupService({ adminTokens, setupCodes, ...operators, auditStore, transact, clock }),
    sessionMaxMs: config.sessionMax,
    adminTokens,
    adminAuthDeps: {
      adminTokens,
      signInService: operators.signInService,
      apiTokensService: operators.apiTokensService,
      throttle: createThrottle({ authFailuresStore, clock }, ADMIN_TOKEN_THROTTLE),
      auditStore,
      publicUrl: config.publicUrl,
    },
    accessTokens,
    clientAccess,
    callLimit: createCallLimit({ limit: config.bankRateLimit, clock }),
    clientsService: createClientsService({
      clientsStore,
      bankCallsStore,
      clientAccess,
      auditStore,
      transact,
      clock,
      handoverTtlMs: config.handoverTtl,
      publicUrl: config.publicUrl,
      email: { emailOn, queueEmail, context: { organisationName: config.organisationName, timeZone: config.timeZone } },
    }),
    handoverService: createHandoverService({ clientsStore, auditStore, transact, clock }),
    tokenService: createTokenService({
      clientAuthentication: createClientAuthentication({ clientsStore }),
      clientAccess,
      rateLimitStore,
      accessTokens,
      clock,
      rateLimit: config.tokenRateLimit,
    }),
    membersService: createMembersService({
      membersStore,
      membersSearch: createMembersSearch(db),
      outbox,
      auditStore,
      transact,
      clock,
    }),
    membersImport: createMembersImport({ membersImportStore: createMembersImportStore(db), auditStore, clock }),
    auditStore,
    auditQuery: createAuditQuery({ auditStore, timeZone: config.timeZone }),
    backupService: createBackupService({ backup: database.backup, auditStore, clock, timeZone: config.timeZone }),
    paymentsService: createPaymentsService({
      paymentsStore,
      clock,
      validationWindowMs: config.validationWindow,
      requireValidation: config.requireValidation,
    }),
    timeZone: config.timeZone,
    clock,
    ...sandbox,
    ...moneyDesk,
    ...webhooks,
    ...alerts,
    ...email,
    /** The background jobs every instance runs; main.ts starts them. */
    jobs: (dataDir: string | undefined) => [
      ...housekeepingJobs({
        membersStore,
        rateLimitStore,
        authFailuresStore,
        clock,
        validationWindowMs: config.validationWindow,
        dataDir,
        analyze: () => sql`analyze`.execute(db),
      }),
      ...webhooks.webhookJobs,
      ...alerts.alertJobs(),
      ...sandbox.sandboxJobs,
      ...email.emailJobs,
      { name: 'record-bank-calls', everyMs: RECORD_EVERY_MS, run: () => bankCalls.record() },
    ],
  };
}

export type Services = Awaited<ReturnType<typeof createServices>>;
