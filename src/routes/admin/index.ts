import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { useAnswerStyle } from '../../http/answer-style.js';
import { trackMethods } from '../../http/method-not-allowed.js';
import {
  AdminError,
  declareInputErrors,
  declareResponses,
  described,
  TooSlow,
  Unavailable,
} from '../../http/schemas.js';
import type { Services } from '../../services.js';
import { adminAlertsRoutes } from './alerts/alerts.js';
import { adminAuditRoutes } from './audit.js';
import { adminAuth } from './auth.js';
import { adminBackupRoutes } from './backup.js';
import { adminClientsRoutes } from './clients/clients.js';
import { adminStatementMappingRoutes } from './clients/statement-mapping.js';
import { adminTestPaymentsRoutes } from './clients/test-payments.js';
import { adminInitRoutes } from './init.js';
import { adminImportRoutes } from './members/import.js';
import { adminMembersRoutes } from './members/members.js';
import { adminDocumentRoutes } from './openapi.js';
import { adminOperatorCredentialsRoutes } from './operators/credentials.js';
import { adminAccountRoutes } from './operators/me.js';
import { adminNotificationsRoutes } from './operators/notifications.js';
import { adminOperatorsRoutes } from './operators/operators.js';
import { adminExportRoutes } from './payments/export.js';
import { adminPaymentsRoutes } from './payments/payments.js';
import { adminReconciliationRoutes } from './reconciliations/runs.js';
import { adminReportRoutes } from './reports.js';
import { adminSessionRoutes, adminSignInRoutes } from './session.js';
import { adminWebhookMessagesRoutes } from './webhooks/messages.js';
import { adminWebhooksRoutes } from './webhooks/webhooks.js';

/** The organisation's own API, behind its own token: an encapsulated plugin so its hook guards only these routes. */
export const adminRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const authenticate = adminAuth(services.adminAuthDeps);
  useAnswerStyle(app, 'admin');
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, counts: 'adminAuth' };
    if (route.schema) route.schema = { tags: ['admin'], ...route.schema };
  });
  app.addHook(
    'onRoute',
    declareResponses({
      408: TooSlow,
      429: described(AdminError, 'Too many failed authentications from this address: try again after Retry-After'),
      503: Unavailable,
    }),
  );
  const answerWrongMethods = trackMethods(app, authenticate);
  const sessionOptions = {
    signInService: services.signInService,
    operatorsService: services.operatorsService,
    passwordLinks: services.passwordLinks,
    emailOn: services.emailOn,
    publicUrl: services.adminAuthDeps.publicUrl,
    sessionMaxMs: services.sessionMaxMs,
    timeZone: services.timeZone,
    clock: services.clock,
  };
  // Outside the guarded context: making the first admin, and signing in, cannot need a credential.
  await app.register(adminInitRoutes, { adminTokens: services.adminTokens, setupService: services.setupService });
  await app.register(adminSignInRoutes, sessionOptions);
  await app.register(async (guarded) => {
    guarded.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ adminAuth: [] }, { sessionCookie: [] }] };
    });
    guarded.addHook(
      'onRoute',
      declareResponses({
        401: described(AdminError, 'No valid credential: sign in, or send an API token'),
        403: described(AdminError, 'Your role may not do this, or the request came from another site'),
      }),
    );
    guarded.addHook('onRoute', declareInputErrors);
    guarded.addHook('onRequest', authenticate);
    await guarded.register(adminSessionRoutes, sessionOptions);
    await guarded.register(adminOperatorsRoutes, { operatorsService: services.operatorsService });
    await guarded.register(adminOperatorCredentialsRoutes, services);
    await guarded.register(adminAccountRoutes, {
      accountService: services.accountService,
      apiTokensService: services.apiTokensService,
    });
    await guarded.register(adminNotificationsRoutes, services);
    await guarded.register(adminClientsRoutes, { clientsService: services.clientsService });
    await guarded.register(adminMembersRoutes, { membersService: services.membersService });
    await guarded.register(adminImportRoutes, { membersImport: services.membersImport });
    await guarded.register(adminPaymentsRoutes, services);
    await guarded.register(adminExportRoutes, services);
    await guarded.register(adminReconciliationRoutes, services);
    await guarded.register(adminStatementMappingRoutes, services);
    await guarded.register(adminTestPaymentsRoutes, services);
    await guarded.register(adminWebhooksRoutes, services);
    await guarded.register(adminWebhookMessagesRoutes, services);
    await guarded.register(adminReportRoutes, services);
    await guarded.register(adminAuditRoutes, services);
    await guarded.register(adminAlertsRoutes, services);
    await guarded.register(adminBackupRoutes, services);
    await guarded.register(adminDocumentRoutes);
  });
  answerWrongMethods();
};
