import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import { onePage, type Page } from '../db/keyset-page.js';
import type { Db, Executor } from '../db/schema.js';
import type { AuditAction } from './audit-actions.js';

/** Who asked for an action: the request that carried it, where it came from, and who it acted as. */
export interface Actor {
  requestId: string;
  sourceIp: string;
  /** The operator's email, "owner token", or what acted without an account ("hand-over link"). */
  who: string;
  operatorId?: string | undefined;
}

export interface AuditFilter extends Page {
  /** Only what this operator (by email, whatever its case) or "owner token" did. */
  actor?: string | undefined;
  /** Only these actions, or these kinds of action (what comes before the dot: "operator"). */
  actions?: string[] | undefined;
}

/**
 * The record of what the organisation's staff did. Details name what changed, never a secret,
 * a token or a hash.
 */
export function createAuditStore({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** Pass the action's transaction as `ex`, so the action and its record stand or fall together. */
    async record(
      action: AuditAction,
      target: string,
      actor: Actor,
      detail: Record<string, unknown> = {},
      ex: Executor = db,
    ): Promise<void> {
      await ex
        .insertInto('audit_events')
        .values({
          at: clock.now(),
          action,
          target,
          request_id: actor.requestId,
          source_ip: actor.sourceIp,
          actor: actor.who,
          operator_id: actor.operatorId ?? null,
          detail: JSON.stringify(detail),
        })
        .execute();
    },

    list(filter: AuditFilter) {
      let query = db.selectFrom('audit_events').selectAll();
      if (filter.actor) query = query.where(sql<string>`lower(actor)`, '=', filter.actor.toLowerCase());
      const { actions } = filter;
      if (actions?.length)
        query = query.where((eb) =>
          eb.or([eb('action', 'in', actions), ...actions.map((kind) => eb('action', 'like', `${kind}.%`))]),
        );
      return onePage(query, { id: 'id', time: 'at' }, filter).execute();
    },
  };
}

export type AuditStore = ReturnType<typeof createAuditStore>;
export type { AuditAction };
export type AuditRecorder = Pick<AuditStore, 'record'>;
