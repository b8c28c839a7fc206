import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { rateLimited } from '../../errors.js';
import { useAnswerStyle } from '../../http/answer-style.js';
import { bankBearerAuth } from '../../http/bearer-auth.js';
import { useBodyTime } from '../../http/body-deadline.js';
import { trackMethods } from '../../http/method-not-allowed.js';
import { BankError, declareResponses, described, withRetryAfter } from '../../http/schemas.js';
import type { Services } from '../../services.js';
import { paymentsRoutes } from './payments.js';
import { validateRoutes } from './validate.js';

/** The bank API behind its bearer token, answered in the contract's words. */
export const bankRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  useAnswerStyle(app, 'bank');
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, nulInJson: 'route-decides' };
  });
  useBodyTime(app, 'quick');
  app.addHook(
    'onRoute',
    declareResponses({
      408: described(BankError, 'resultCode 4: the request did not arrive whole within 10 s; the connection is closed'),
      429: withRetryAfter(
        described(
          BankError,
          'resultCode 6: more calls from this client than BIS_BANK_RATE_LIMIT a minute; see Retry-After',
        ),
      ),
    }),
  );
  const answerWrongMethods = trackMethods(app);
  app.addHook('onRequest', (_request, _reply, done) => {
    services.bankTraffic.called();
    done();
  });
  app.addHook('onRequest', bankBearerAuth(services.accessTokens, services.clientAccess));
  app.addHook('onRequest', (request, _reply, done) => {
    services.bankCalls.called(request.clientId);
    done();
  });
  app.addHook('onRequest', async (request) => {
    const decision = services.callLimit.hit(request.clientId);
    if (!decision.allowed) {
      throw rateLimited.client(decision.retryAfterSeconds);
    }
  });
  const { membersService, paymentsService, sandboxBank } = services;
  await app.register(validateRoutes, { membersService, sandboxBank });
  await app.register(paymentsRoutes, { paymentsService, sandboxBank });
  answerWrongMethods();
};
