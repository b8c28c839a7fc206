import type { Clock } from '../clock.js';
import type { Db, Executor } from '../db/schema.js';

/** Who asked for an action: the request that carried it and where it came from. */
export interface Actor {
  requestId: string;
  sourceIp: string;
}

export type AuditAction =
  | 'admin.initialised'
  | 'client.created'
  | 'secret.issued'
  | 'secret.revealed'
  | 'secret.revoked'
  | 'member.created'
  | 'member.updated'
  | 'members.imported';

export interface AuditFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  newestFirst: boolean;
  /** The id of the last event of the page before. */
  cursorId?: number | undefined;
  limit: number;
}

/**
 * The record of what the organisation's staff did. Details name what changed, never a secret,
 * a token or a hash.
 */
export function createAuditStore({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /** Pass the action's transaction as `ex`, so the action and its record stand or fall together. */
    async record(action: AuditAction, target: string, actor: Actor, detail: Record<string, unknown> = {}, ex: Executor = db): Promise<void> {
      await ex
        .insertInto('audit_events')
        .values({
          at: clock.now(),
          action,
          target,
          request_id: actor.requestId,
          source_ip: actor.sourceIp,
          detail: JSON.stringify(detail),
        })
        .execute();
    },

    list(filter: AuditFilter) {
      let query = db.selectFrom('audit_events').selectAll();
      if (filter.from) query = query.where('at', '>=', filter.from);
      if (filter.to) query = query.where('at', '<', filter.to);
      if (filter.cursorId !== undefined) query = query.where('id', filter.newestFirst ? '<' : '>', filter.cursorId);
      return query.orderBy('id', filter.newestFirst ? 'desc' : 'asc').limit(filter.limit).execute();
    },
  };
}

export type AuditStore = ReturnType<typeof createAuditStore>;
export type AuditRecorder = Pick<AuditStore, 'record'>;
