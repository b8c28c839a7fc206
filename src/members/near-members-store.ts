import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { nearNumbers } from './near-numbers.js';

/** An active member whose number is one slip away from a number as typed: `typed` is its index among those asked. */
export interface NearMemberRow {
  typed: number;
  member_number: string;
  full_name: string;
}

/**
 * The members GET /members?near=&status=active finds, for several numbers as typed at once: each
 * number's first `each` in number order. One statement whatever the count: every near number of
 * every one (fewer than 600 a number) is looked up through the primary key, and only the first
 * few of each come back, however full the register is around it.
 */
export function createNearMembersStore(db: Db) {
  return {
    async activeNear(typed: readonly string[], each: number): Promise<NearMemberRow[]> {
      const asked = typed.flatMap((text, index) => nearNumbers(text).map((number) => ({ index, number })));
      if (asked.length === 0) return [];
      const { rows } = await sql<NearMemberRow>`
        select typed, member_number, full_name from (
          select a.typed, m.member_number, m.full_name,
            row_number() over (partition by a.typed order by m.member_number) as place
          from unnest(${asked.map((one) => one.index)}::integer[], ${asked.map((one) => one.number)}::text[])
            as a (typed, member_number)
          join members m on m.member_number = a.member_number and m.status = 'active'
        ) near
        where place <= ${each}
        order by typed, member_number`.execute(db);
      return rows;
    },
  };
}

export type NearMembersStore = ReturnType<typeof createNearMembersStore>;
