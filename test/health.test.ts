import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Fastify from 'fastify';
import { healthRoutes } from '../src/routes/operations/health.js';

describe('GET /readyz', () => {
  it('answers 503 within a few seconds when the database takes no notice of the ping', async () => {
    const app = Fastify();
    // A database server that froze with its connections open: the ping never settles.
    await app.register(healthRoutes, { database: { ping: () => new Promise<void>(() => {}) } });
    try {
      const started = Date.now();
      const response = await app.inject({ method: 'GET', url: '/readyz' });
      const waited = Date.now() - started;
      assert.equal(response.statusCode, 503);
      assert.deepEqual(response.json(), { status: 'database unavailable' });
      assert.ok(waited < 4_000, `answered after ${waited} ms`);
    } finally {
      await app.close();
    }
  });
});
