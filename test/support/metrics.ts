import type { FastifyInstance } from 'fastify';
import { ADMIN_TOKEN } from './test-app.js';

/** The value of one sample of the Prometheus text, 0 when it is absent. */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return 0;
}

/** GET /metrics with the owner token: its text. */
export async function metricsText(app: FastifyInstance): Promise<string> {
  const answer = await app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  if (answer.statusCode !== 200) throw new Error(`GET /metrics: ${answer.statusCode} ${answer.body}`);
  return answer.body;
}
