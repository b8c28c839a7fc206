import { type SelectQueryBuilder, sql } from 'kysely';
import type { Clock } from '../clock.js';
import { onePage, type Page } from '../db/keyset-page.js';
import type { Db, Executor, Schema } from '../db/schema.js';
import type { Transact } from '../db/transaction.js';
import { AUDIT_ACTIONS, type AuditAction } from './audit-actions.js';

/** Who asked for an action: the request that carried it, where it came from, and who it acted as. */
export interface Actor {
  requestId: string;
  sourceIp: string;
  /** The operator's email, "owner token", or what acted without an account ("hand-over link"). */
  who: string;
  operatorId?: string | undefined;
}

/** Which records: by days, by who acted, by what they did. */
export interface AuditWhich {
  from?: Date | undefined;
  to?: Date | undefined;
  /** Only what this operator (by email, whatever its case) or "owner token" did. */
  actor?: string | undefined;
  /** Only these actions, or these kinds of action (what comes before the dot: "operator"). */
  actions?: string[] | undefined;
}

export interface AuditFilter extends AuditWhich, Page {}

/**
 * The actions a filter names, a kind of action ("operator") as each action of that kind: the
 * audit's index on the action then finds them. A name that is neither matches nothing.
 */
const actionsNamed = (names: readonly string[]): string[] =>
  names.flatMap((name) => (name.includes('.') ? [name] : AUDIT_ACTIONS.filter((a) => a.startsWith(`${name}.`))));

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
 * What a sentence about the record needs beyond the target's name, looked up by key like it: a
 * payment's amount, currency and bank reference; an API token's operator.
 */
const TARGET_FACTS = sql<Record<string, unknown> | null>`case
  when action like 'payment.%' and target ~ '^[0-9]{1,18}$'
    then (select jsonb_build_object('amount', amount::text, 'currency', currency, 'reference', transaction_reference)
      from payments where id = target::bigint)
  when action in ('operator.token_created', 'operator.token_revoked')
    then (select jsonb_build_object('owner', o.name) from operator_tokens t join operators o on o.id = t.operator_id
      where t.id = target)
end`;

/** The name of the operator who acted, when one did. */
const ACTOR_NAME = sql<string | null>`(select name from operators o where o.id = audit_events.operator_id)`;

/** A query of the audit narrowed to who acted and what they did (the days are the page's). */
function narrowed<O>(query: SelectQueryBuilder<Schema, 'audit_events', O>, which: AuditWhich) {
  let narrow = query;
  if (which.actor) narrow = narrow.where(sql<string>`lower(actor)`, '=', which.actor.toLowerCase());
  if (which.actions?.length) {
    const actions = actionsNamed(which.actions);
    // Nothing by these names: no record, rather than an empty `in ()`.
    narrow = actions.length ? narrow.where(sql<string>`action`, 'in', actions) : narrow.where(sql<boolean>`false`);
  }
  return narrow;
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
      const query = narrowed(db.selectFrom('audit_events').selectAll(), filter).select([
        TARGET_NAME.as('target_name'),
        TARGET_FACTS.as('target_facts'),
        ACTOR_NAME.as('actor_name'),
      ]);
      return onePage(query, { id: 'id', time: 'at' }, filter).execute();
    },

    /** How many records the filter finds, over every page: read from the indexes on the time, who and action. */
    async count(which: AuditWhich): Promise<number> {
      let query = narrowed(db.selectFrom('audit_events').select(sql<string>`count(*)`.as('count')), which);
      if (which.from) query = query.where('at', '>=', which.from);
      if (which.to) query = query.where('at', '<', which.to);
      return Number((await query.executeTakeFirstOrThrow()).count);
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
