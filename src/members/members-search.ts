import { type Static, Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { likeLiteral } from '../db/like-pattern.js';
import type { Db } from '../db/schema.js';
import { invalidInput } from '../errors.js';
import { MemberStatusSchema } from '../member-statuses.js';
import { paging } from '../schema-parts.js';
import type { MemberRow } from './members-store.js';
import { nearNumbers } from './near-numbers.js';

/** The members search's query string; the cursor is the last member number the page before showed. */
export const MembersSearchQuery = Type.Object({
  q: Type.Optional(
    Type.String({ maxLength: 200, description: 'Digits: numbers that start with them; else: names containing it' }),
  ),
  near: Type.Optional(
    Type.String({
      maxLength: 20,
      description:
        'A member number as a payer typed it: the members whose number is one slip away (a digit wrong, two swapped, one left out or added); not with q',
    }),
  ),
  status: Type.Optional(MemberStatusSchema),
  ...paging(),
});

export type MemberSearch = Static<typeof MembersSearchQuery>;

const DEFAULT_LIMIT = 50;

/**
 * Members in member-number order, a page at a time. Numbers are found through the primary key (a
 * prefix is a range of it); a name is matched by reading the register in number order until a
 * page is full, which on a register of a million members is a scan for a rare name.
 */
export function createMembersSearch(db: Db) {
  return {
    async search(asked: MemberSearch): Promise<{ items: MemberRow[]; nextCursor: string | null }> {
      const q = asked.q?.trim() ?? '';
      const limit = asked.limit ?? DEFAULT_LIMIT;
      if (asked.cursor !== undefined && !/^[0-9]{7}$/.test(asked.cursor))
        throw invalidInput('cursor', 'must be the nextCursor of the page before');
      if (q && asked.near !== undefined) throw invalidInput('near', 'cannot be used with q');
      let query = db.selectFrom('members').selectAll();
      if (asked.near !== undefined) {
        const near = nearNumbers(asked.near);
        if (near.length === 0) return { items: [], nextCursor: null };
        query = query.where('member_number', 'in', near);
      } else if (/^[0-9]{1,7}$/.test(q)) {
        query = query.where('member_number', '>=', q.padEnd(7, '0')).where('member_number', '<=', q.padEnd(7, '9'));
      } else if (q) {
        query = query.where(sql<boolean>`lower(full_name) like ${`%${likeLiteral(q.toLowerCase())}%`} escape '\\'`);
      }
      if (asked.status) query = query.where('status', '=', asked.status);
      if (asked.cursor) query = query.where('member_number', '>', asked.cursor);
      const rows = await query
        .orderBy('member_number')
        .limit(limit + 1)
        .execute();
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return { items, nextCursor: rows.length > limit && last ? last.member_number : null };
    },
  };
}

export type MembersSearch = ReturnType<typeof createMembersSearch>;
