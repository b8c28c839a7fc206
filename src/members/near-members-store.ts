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
 * number's first `each` in number order. One statement whatever the count: for each number, its
 * near numbers (fewer than 600) are one slice of a single array, read through the primary key in
 * number order until `each` active members are found, however full the register is around it. A
 * join of every near number with the register, then the first few of each, took 70 to 90 ms for the
 * 25 numbers of a page of the held queue on a register of a million (PostgreSQL chose to read the
 * whole primary key); this takes 3 to 8.
 */
export function createNearMembersStore(db: Db) {
  return {
    async activeNear(typed: readonly string[], each: number): Promise<NearMemberRow[]> {
      const near = typed.map(nearNumbers);
      if (near.every((numbers) => numbers.length === 0)) return [];
      // Each number's slice of `numbers`, from its first to its last, counted from 1 as SQL's arrays are.
      const firsts: number[] = [];
      const lasts: number[] = [];
      for (const numbers of near) {
        firsts.push((lasts.at(-1) ?? 0) + 1);
        lasts.push((lasts.at(-1) ?? 0) + numbers.length);
      }
      const { rows } = await sql<NearMemberRow>`
        select a.typed::integer - 1 as typed, m.member_number, m.full_name
        from unnest(${firsts}::integer[], ${lasts}::integer[]) with ordinality as a (first, last, typed)
        cross join lateral (
          select member_number, full_name from members
          where member_number = any((${near.flat()}::text[])[a.first:a.last]) and status = 'active'
          order by member_number
          limit ${each}
        ) m
        order by a.typed, m.member_number`.execute(db);
      return rows;
    },
  };
}

export type NearMembersStore = ReturnType<typeof createNearMembersStore>;
