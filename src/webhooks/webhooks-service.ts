import { randomBytes } from 'node:crypto';
import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import { invalidInput, notFound } from '../errors.js';
import { randomId } from '../secrets.js';
import type { EndpointRow, EndpointsStore } from './endpoints-store.js';
import { WEBHOOK_EVENTS } from './events.js';
import { type HostResolver, urlRefusal } from './webhook-addresses.js';
import type { WebhookInput } from './webhook-input.js';

/** How long a rotated-out secret keeps signing beside the new one, so the receiver can switch over. */
export const PREVIOUS_SECRET_MS = 24 * 3_600_000;

export interface WebhooksServiceDeps extends AuditedChanges {
  endpointsStore: EndpointsStore;
  /** BIS_WEBHOOKS_ALLOW_HTTP: plain http to any host, for a test network. */
  allowHttp: boolean;
  /** Resolves a URL's host name, to refuse at once one that points where it may not. */
  resolve: HostResolver;
  /**
   * Writes the messages of every payment accepted so far, to the endpoints subscribed until now:
   * a change of who is subscribed applies to payments accepted after it (accepted-messages.ts).
   */
  writeAccepted: () => Promise<void>;
}

/** A Standard Webhooks signing secret: whsec_ and 32 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/** The endpoint as the admin API shows it: never its secret. */
export function endpointView(row: EndpointRow) {
  return {
    webhookId: row.id,
    url: row.url,
    internal: row.internal,
    description: row.description,
    events: row.events,
    testEvents: row.test_events,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    previousSecretUntil: row.previous_secret_until?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
export type EndpointView = ReturnType<typeof endpointView>;

export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { endpointsStore, auditStore, transact, clock, allowHttp, writeAccepted, resolve } = deps;
  /** The URL as stored, if an endpoint of this reach may have it; every delivery checks its address again. */
  const readUrl = async (input: unknown, internal: boolean): Promise<string> => {
    let url: URL;
    try {
      url = new URL(String(input ?? '').trim());
    } catch {
      throw invalidInput('url', 'must be an absolute https:// URL');
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && (internal || allowHttp))) {
      throw invalidInput(
        'url',
        'must be https:// (http:// only to an internal endpoint, or with BIS_WEBHOOKS_ALLOW_HTTP=true)',
      );
    }
    if (url.username || url.password) throw invalidInput('url', 'must not hold a user name or password');
    const refusal = await urlRefusal(url, internal ? 'internal' : 'public', resolve);
    if (refusal) throw invalidInput('url', refusal);
    return url.toString();
  };
  const readEvents = (input: unknown): string[] => {
    if (!Array.isArray(input) || input.length === 0) throw invalidInput('events', 'must name at least one event');
    const unknown = input.filter((event) => !(WEBHOOK_EVENTS as readonly unknown[]).includes(event));
    if (unknown.length > 0) throw invalidInput('events', `must be among ${WEBHOOK_EVENTS.join(', ')}`);
    return [...new Set(input as string[])];
  };
  const readDescription = (input: unknown): string => {
    const text = String(input ?? '').trim();
    if (text.length > 200) throw invalidInput('description', 'must be at most 200 characters');
    return text;
  };
  const existing = async (id: string) => {
    const row = await endpointsStore.find(id);
    if (!row) throw notFound.webhook(id);
    return row;
  };

  return {
    async create(input: WebhookInput, actor: Actor): Promise<EndpointView & { secret: string }> {
      const now = clock.now();
      const internal = input.internal === true;
      const row = {
        id: randomId(16),
        url: await readUrl(input.url, internal),
        internal,
        events: readEvents(input.events),
        description: readDescription(input.description),
        secret: newSecret(),
        previous_secret: null,
        previous_secret_until: null,
        disabled_reason: null,
        failing_since: null,
        test_events: input.testEvents === true,
        created_at: now,
        updated_at: now,
      };
      await writeAccepted();
      await transact(async (tx) => {
        await endpointsStore.insert(row, tx);
        const detail = { url: row.url, internal, events: row.events, ...(row.test_events ? { testEvents: true } : {}) };
        await auditStore.record('webhook.created', row.id, actor, detail, tx);
      });
      return { ...endpointView({ ...row, enabled: true }), secret: row.secret };
    },

    async list(): Promise<EndpointView[]> {
      return (await endpointsStore.list()).map(endpointView);
    },

    async get(id: string): Promise<EndpointView> {
      return endpointView(await existing(id));
    },

    async update(id: string, input: WebhookInput, actor: Actor): Promise<EndpointView> {
      const current = await existing(id);
      const internal = input.internal ?? current.internal;
      // A new URL, or an endpoint no longer internal, is checked against what it may now reach.
      const url = input.url ?? (input.internal === false ? current.url : undefined);
      const change = {
        ...(url === undefined ? {} : { url: await readUrl(url, internal) }),
        ...(input.internal === undefined ? {} : { internal }),
        ...(input.events === undefined ? {} : { events: readEvents(input.events) }),
        ...(input.description === undefined ? {} : { description: readDescription(input.description) }),
        ...(input.testEvents === undefined ? {} : { test_events: input.testEvents }),
        // Enabling again starts the failure count afresh.
        ...(input.enabled === undefined
          ? {}
          : {
              enabled: input.enabled,
              disabled_reason: input.enabled ? null : 'disabled by an operator',
              failing_since: null,
            }),
        updated_at: clock.now(),
      };
      if (change.events !== undefined || change.enabled !== undefined) await writeAccepted();
      const row = await transact(async (tx) => {
        const updated = await endpointsStore.update(id, change, tx);
        if (!updated) throw notFound.webhook(id);
        const { updated_at: _at, ...detail } = change;
        await auditStore.record('webhook.updated', id, actor, detail, tx);
        return updated;
      });
      return endpointView(row);
    },

    /** A new secret; the old one keeps signing beside it for 24 hours. */
    async rotate(id: string, actor: Actor): Promise<EndpointView & { secret: string }> {
      const current = await existing(id);
      const now = clock.now();
      const secret = newSecret();
      const row = await transact(async (tx) => {
        const updated = await endpointsStore.update(
          id,
          {
            secret,
            previous_secret: current.secret,
            previous_secret_until: new Date(now.getTime() + PREVIOUS_SECRET_MS),
            updated_at: now,
          },
          tx,
        );
        if (!updated) throw notFound.webhook(id);
        await auditStore.record('webhook.secret_rotated', id, actor, {}, tx);
        return updated;
      });
      return { ...endpointView(row), secret };
    },

    async remove(id: string, actor: Actor): Promise<void> {
      await transact(async (tx) => {
        if (!(await endpointsStore.remove(id, tx))) throw notFound.webhook(id);
        await auditStore.record('webhook.deleted', id, actor, {}, tx);
      });
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
