import type { FastifyInstance } from 'fastify';
import { declareUnavailable } from '../http/schemas.js';
import type { Services } from '../services.js';
import { adminAuditRoutes } from './admin-audit-routes.js';
import { adminAuth } from './admin-auth.js';
import { adminClientsRoutes } from './admin-clients-routes.js';
import { adminImportRoutes } from './admin-import-routes.js';
import { adminInitRoutes } from './admin-init-routes.js';
import { adminMembersRoutes } from './admin-members-routes.js';
import { adminPaymentsRoutes } from './admin-payments-routes.js';

/** The organisation's own API, behind its own token: an encapsulated plugin so its hook guards only these routes. */
export async function adminRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.addHook('onRoute', declareUnavailable);
  // Outside the guarded context: making the first token cannot need one.
  await app.register(adminInitRoutes, { adminTokens: services.adminTokens });
  await app.register(async (guarded) => {
    guarded.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, security: [{ adminAuth: [] }] };
    });
    guarded.addHook('onRequest', adminAuth(services.adminTokens));
    await guarded.register(adminClientsRoutes, { clients: services.clients });
    await guarded.register(adminMembersRoutes, { members: services.members });
    await guarded.register(adminImportRoutes, { membersImport: services.membersImport });
    await guarded.register(adminPaymentsRoutes, { paymentsQuery: services.paymentsQuery, paymentsExport: services.paymentsExport });
    await guarded.register(adminAuditRoutes, { audit: services.audit });
  });
}
