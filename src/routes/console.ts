import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { PACKAGE_ROOT } from '../package-root.js';

/**
 * The console's script and stylesheet come from here and nowhere else; it calls only the service's
 * own API; no inline script or style; no frame, plugin or form to another site.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

interface Built {
  page: Buffer;
  assets: Map<string, { body: Buffer; type: string }>;
}

/** What the install's build made (scripts/build-console.mjs); undefined when it has not run. */
function readBuilt(dir: URL): Built | undefined {
  if (!existsSync(new URL('index.html', dir))) return undefined;
  const assetsDir = new URL('assets/', dir);
  const assets = new Map(
    readdirSync(assetsDir)
      .filter((name) => TYPES[extname(name)])
      .map((name) => [name, { body: readFileSync(new URL(name, assetsDir)), type: TYPES[extname(name)] ?? '' }]),
  );
  return { page: readFileSync(new URL('index.html', dir)), assets };
}

const secured = (reply: FastifyReply) =>
  reply
    .header('content-security-policy', CONSOLE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY');

/** The web console for the organisation's staff: one page, whose script calls the admin API. */
export const consoleRoutes: FastifyPluginAsyncTypebox<{ dir?: URL }> = async (
  app,
  { dir = new URL('dist/console/', PACKAGE_ROOT) } = {},
) => {
  const built = readBuilt(dir);
  // Served to anyone before signing in: counted against the address's public limit.
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, publicPage: true };
  });
  const page = async (_request: unknown, reply: FastifyReply) => {
    if (!built) {
      return secured(reply)
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The console is not built: run npm run build, then start the service again.\n');
    }
    return secured(reply).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(built.page);
  };
  // Every address under /console is the same page: the console shows what the address names.
  app.get('/console', { schema: { hide: true } }, page);
  app.get('/console/*', { schema: { hide: true } }, page);
  const AssetParams = Type.Object({ name: Type.String() });
  app.get('/console/assets/:name', { schema: { hide: true, params: AssetParams } }, async (request, reply) => {
    const asset = built?.assets.get(request.params.name);
    if (!asset) return secured(reply).code(404).type('text/plain; charset=utf-8').send('Not found\n');
    // Named by their content: a new build has new names, so a browser may keep these for good.
    return secured(reply)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type(asset.type)
      .send(asset.body);
  });
};
