import { sql } from 'kysely';
import type { Clock } from '../clock.js';
import { onePage, type Page } from '../db/keyset-page.js';
import type { Db, Executor } from '../db/schema.js';
import type { Transact } from '../db/transaction.js';
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
 * What a record acted on, by the name a person knows it by. The target is an id whose table
 * depends on the action, so each branch looks up one row by its key, and only for its own actions.
 */
const TARGET_NAME = sql<string | null>`case
  when action like 'client.%' or action = 'statement_mapping.set'
    then (select name from clients where id = target)
  when action like 'secret.%'
    then (select c.name from client_secrets s join clients c on c.id = s.client_id where s.id = target)
  when action like 'reconciliation.%' and target ~ '^[0-9]{1,18}$'
    then (select c.name from reconciliations r join clients c on c.id = r.client_id where r.id = target::bigint)
  when action like 'payment.%' and target ~ '^[0-9]{1,18}$'
    then (select transaction_reference from payments where id = target::bigint)
  when action in ('member.created', 'member.updated')
    then (select full_name from members where member_number = target)
  when action in ('operator.token_created', 'operator.token_revoked')
    then (select name from operator_tokens where id = target)
  when action like 'operator.%' and action <> 'operator.sign_in_failed'
    then (select name from operators where id = target)
  when action like 'webhook.%'
    then (select url from webhook_endpoints where id = target)
end`;

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
      let query = db.selectFrom('audit_events').selectAll().select(TARGET_NAME.as('target_name'));
      if (filter.actor) query = query.where(sql<string>`lower(actor)`, '=', filter.actor.toLowerCase());
      const { actions } = filter;
      if (actions?.length)
        query = query.where((eb) =>
          // The filter names actions or kinds of action ("operator"), so the column is read as any text here.
          eb.or([eb(sql<string>`action`, 'in', actions), eb(sql<string>`split_part(action, '.', 1)`, 'in', actions)]),
        );
      return onePage(query, { id: 'id', time: 'at' }, filter).execute();
    },
  };
}

export type AuditStore = ReturnType<typeof createAuditStore>;
export type AuditRecorder = Pick<AuditStore, 'record'>;

/** What a service needs to make a change and record who made it, and when, in the same commit. */
export interface AuditedChanges {
  auditStore: AuditRecorder;
  transact: Transact;
  clock: Clock;
}
