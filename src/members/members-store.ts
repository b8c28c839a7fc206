import { sql } from 'kysely';
import { runPrepared } from '../db/prepared.js';
import type { Db, Executor, MemberStatus, MembersTable } from '../db/schema.js';

export type MemberRow = MembersTable;

/** One bank's question: may this member be paid, asked at this time. */
export interface ValidationItem {
  clientId: string;
  memberNumber: string;
  at: Date;
}

/**
 * What an insert into `members as m` does with a member already there. Becoming active from
 * another status starts a new activation, which is what makes earlier validations stop counting.
 */
export const MEMBER_UPSERT = sql`
  on conflict (member_number) do update set
    full_name = excluded.full_name,
    status = excluded.status,
    active_since = case
      when excluded.status = 'active' and m.status <> 'active' then excluded.updated_at
      else m.active_since end,
    activation = case
      when excluded.status = 'active' and m.status <> 'active' then m.activation + 1
      else m.activation end,
    updated_at = case
      when (m.full_name, m.status) is distinct from (excluded.full_name, excluded.status) then excluded.updated_at
      else m.updated_at end`;

export function createMembersStore(db: Db) {
  return {
    find(memberNumber: string, ex: Executor = db): Promise<MemberRow | undefined> {
      return ex.selectFrom('members').selectAll().where('member_number', '=', memberNumber).executeTakeFirst();
    },

    /** The member's status, its row locked until the transaction ends: what a change in it changes from. */
    async lockStatus(memberNumber: string, tx: Executor): Promise<MemberStatus | undefined> {
      const row = await tx
        .selectFrom('members')
        .select('status')
        .where('member_number', '=', memberNumber)
        .forUpdate()
        .executeTakeFirst();
      return row?.status as MemberStatus | undefined;
    },

    /** Creates or updates a member in one statement. */
    async upsert(
      member: { memberNumber: string; fullName: string; status: MemberStatus },
      now: Date,
      ex: Executor = db,
    ): Promise<{ member: MemberRow; created: boolean }> {
      const { rows } = await sql<MemberRow & { created: boolean }>`
        insert into members as m (member_number, full_name, status, active_since, activation, created_at, updated_at)
        values (${member.memberNumber}, ${member.fullName}, ${member.status},
                case when ${member.status} = 'active' then ${now}::timestamptz end,
                case when ${member.status} = 'active' then 1 else 0 end, ${now}, ${now})
        ${MEMBER_UPSERT}
        returning *, (xmax = 0) as created`.execute(ex);
      const [{ created, ...row }] = rows as [MemberRow & { created: boolean }];
      return { member: row, created };
    },

    /**
     * Validations in one round trip, for one caller or many (see the batcher): reads each member
     * who can be paid now and records that the client validated them at that time. The answer
     * holds, for each item in order, the member's name, or undefined when they cannot be paid.
     * No item can make the statement fail: validations reference nothing.
     */
    async validatePayable(items: readonly ValidationItem[], ex: Executor = db): Promise<(string | undefined)[]> {
      const { rows } = await runPrepared(
        sql<{ ord: number; full_name: string }>`
          with asked as (
            select * from unnest(${items.map((i) => i.clientId)}::text[], ${items.map((i) => i.memberNumber)}::text[],
                                 ${items.map((i) => i.at.toISOString())}::timestamptz[])
              with ordinality as a (client_id, member_number, validated_at, ord)
          ), payable as (
            select a.ord, a.client_id, a.validated_at, m.member_number, m.full_name, m.activation
            from asked a join members m on m.member_number = a.member_number and m.status = 'active'
          ), recorded as (
            insert into validations (client_id, member_number, activation, validated_at)
            select client_id, member_number, activation, validated_at from payable
          )
          select ord::integer as ord, full_name from payable`,
        ex,
      );
      const names: (string | undefined)[] = items.map(() => undefined);
      for (const row of rows) names[row.ord - 1] = row.full_name;
      return names;
    },

    /**
     * Deletes up to `limit` validations made before `before`; the count deleted. Rows another
     * instance is deleting at the same moment are skipped, not waited for.
     */
    async pruneValidations(before: Date, limit: number, ex: Executor = db): Promise<number> {
      const result = await sql`
        delete from validations where id in (
          select id from validations where validated_at < ${before} limit ${limit} for update skip locked)`.execute(ex);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}

export type MembersStore = ReturnType<typeof createMembersStore>;
