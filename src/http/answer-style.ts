import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * How a family of routes words its refusals: the bank contract's `{resultCode, message}`, OAuth's
 * `{error, error_description}`, or the admin API's `{error, message}`.
 */
export type AnswerStyle = 'bank' | 'oauth' | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    answerStyle?: AnswerStyle;
  }
}

/** Declares the answer style of every route the plugin `app` registers from now on. */
export function useAnswerStyle(app: FastifyInstance, answerStyle: AnswerStyle): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, answerStyle };
  });
}

/** A request that matched no route (or failed before routing) is answered in the admin API's words. */
export const answerStyleOf = (request: FastifyRequest): AnswerStyle =>
  request.routeOptions.config?.answerStyle ?? 'admin';
