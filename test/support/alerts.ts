import assert from 'node:assert/strict';
import type { OutgoingEmail, QueueEmail } from '../../src/email/outgoing-email.js';
import { admin } from './bank.js';
import { json, type TestApp } from './test-app.js';

/** The emails an app queued: the outbox stood in for by a list, the one thing not real. */
export function mailbox() {
  const sent: OutgoingEmail[] = [];
  const queueEmail: QueueEmail = async (_ex, email) => {
    sent.push(email);
  };
  return {
    queueEmail,
    sent,
    /** The emails queued since the last call. */
    take: (): OutgoingEmail[] => sent.splice(0, sent.length),
  };
}

/** Runs one of the app's background jobs once, as the scheduler would. */
export async function runJob(t: TestApp, name: string): Promise<unknown> {
  const job = t.app.services.jobs(undefined).find((j) => j.name === name);
  assert.ok(job, `${name} is among the jobs every instance runs`);
  return job.run();
}

export const evaluate = (t: TestApp) => runJob(t, 'evaluate-alerts');

/** The alerts GET /admin/v1/alerts lists, newest first. */
export async function alertsListed(t: TestApp, query = ''): Promise<any[]> {
  const response = await admin(t.app, 'GET', `/alerts?limit=500${query}`);
  assert.equal(response.statusCode, 200, response.body);
  return json(response).items;
}

export async function putSettings(t: TestApp, body: object) {
  const response = await admin(t.app, 'PUT', '/alerts/settings', body);
  assert.equal(response.statusCode, 200, response.body);
  return json(response);
}
