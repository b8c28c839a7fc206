import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import { onePage, type Page } from '../db/keyset-page.js';
import type { Db, Executor } from '../db/schema.js';

/** Who asked for an action: the request that carried it, where it came from, and who it acted as. */
export interface Actor {
  requestId: string;
  sourceIp: string;
  /** The operator's email, "owner token", or what acted without an account ("hand-over link"). */
  who: string;
  operatorId?: string | undefined;
}

export type AuditAction =
  | 'admin.initialised'
  | 'admin.auth_throttled'
  | 'client.created'
  | 'client.allowed_ips_set'
  | 'client.disabled'
  | 'client.enabled'
  | 'secret.issued'
  | 'secret.revealed'
  | 'secret.revoked'
  | 'member.created'
  | 'member.updated'
  | 'members.imported'
  | 'payment.allocated'
  | 'payment.returned'
  | 'payment.recorded_from_statement'
  | 'reconciliation.made'
  | 'statement_mapping.set'
  | 'export_feed.moved'
  | 'webhook.created'
  | 'webhook.updated'
  | 'webhook.secret_rotated'
  | 'webhook.deleted'
  | 'webhook.disabled'
  | 'webhook.replayed'
  | 'operator.created'
  | 'operator.recovered'
  | 'operator.invited'
  | 'operator.renamed'
  | 'operator.role_changed'
  | 'operator.disabled'
  | 'operator.enabled'
  | 'operator.password_set'
  | 'operator.password_changed'
  | 'operator.signed_in'
  | 'operator.sign_in_failed'
  | 'operator.signed_out'
  | 'operator.two_factor_enabled'
  | 'operator.two_factor_disabled'
  | 'operator.recovery_codes_replaced'
  | 'operator.recovery_code_used'
  | 'operator.token_created'
  | 'operator.token_revoked';

export interface AuditFilter extends Page {
  /** Only what this operator (by email, whatever its case) or "owner token" did. */
  actor?: string | undefined;
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
      return onePage(query, { id: 'id', time: 'at' }, filter).execute();
    },
  };
}

export type AuditStore = ReturnType<typeof createAuditStore>;
export type AuditRecorder = Pick<AuditStore, 'record'>;
