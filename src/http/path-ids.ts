import type { FastifyRequest, RouteOptions } from 'fastify';
import { notFound } from '../errors.js';

type ParamsSchema = { properties?: Record<string, { type?: string; maximum?: number }> };

/**
 * For an onRoute hook of the root: a route with an integer id in its path answers 404 for a
 * number no id can be (beyond the schema's maximum, or beyond what a number holds exactly), as for
 * any id it does not know, instead of handing the database a value out of its column's range (500).
 */
export function boundPathIds(route: RouteOptions): void {
  const properties = (route.schema?.params as ParamsSchema | undefined)?.properties ?? {};
  const ids = Object.entries(properties)
    .filter(([, schema]) => schema.type === 'integer')
    .map(([name, schema]) => ({ name, maximum: schema.maximum ?? Number.MAX_SAFE_INTEGER }));
  if (ids.length === 0) return;
  const check = async (request: FastifyRequest) => {
    const params = request.params as Record<string, string>;
    for (const { name, maximum } of ids) {
      if (Number(params[name]) > maximum) throw notFound.pathId(name, params[name]);
    }
  };
  route.preValidation = [route.preValidation ?? []].flat().concat(check);
}
