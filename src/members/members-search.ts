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
  format: Type.Optional(
    Type.Union([Type.Literal('json'), Type.Literal('csv')], {
      description:
        'csv: every member the filters find, in number order, limit and cursor ignored (also with Accept: text/csv)',
    }),
  ),
  ...paging(),
});

export type MemberSearch = Static<typeof MembersSearchQuery>;

/** The same filters as the search, without its paging and format: what the count is of. */
export const MembersTotalsQuery = Type.Omit(MembersSearchQuery, ['limit', 'cursor', 'format']);
export type MemberFilters = Static<typeof MembersTotalsQuery>;

const DEFAULT_LIMIT = 50;
const CSV_BATCH = 1000;

/**
 * Members in member-number order, a page at a time. Numbers are found through the primary key (a
 * prefix is a range of it); a name is matched by reading the register in number order until a
 * page is full, which on a register of a million members is a scan for a rare name.
 */
export function createMembersSearch(db: Db) {
  /** The members the filters find, in no order yet. q and near are checked here, before anything is read. */
  function found(asked: MemberFilters) {
    const q = asked.q?.trim() ?? '';
    if (q && asked.near !== undefined) throw invalidInput('near', 'cannot be used with q');
    let query = db.selectFrom('members');
    if (asked.near !== undefined) {
      const near = nearNumbers(asked.near);
      query = near.length === 0 ? query.where(sql<boolean>`false`) : query.where('member_number', 'in', near);
    } else if (/^[0-9]{1,7}$/.test(q)) {
      query = query.where('member_number', '>=', q.padEnd(7, '0')).where('member_number', '<=', q.padEnd(7, '9'));
    } else if (q) {
      query = query.where(sql<boolean>`lower(full_name) like ${`%${likeLiteral(q.toLowerCase())}%`} escape '\\'`);
    }
    if (asked.status) query = query.where('status', '=', asked.status);
    return query;
  }

  /** Up to `limit` members after `after`, in number order. */
  const batch = (filtered: ReturnType<typeof found>, after: string | undefined, limit: number) =>
    (after === undefined ? filtered : filtered.where('member_number', '>', after))
      .selectAll()
      .orderBy('member_number')
      .limit(limit)
      .execute();

  return {
    async search(asked: MemberSearch): Promise<{ items: MemberRow[]; nextCursor: string | null }> {
      const limit = asked.limit ?? DEFAULT_LIMIT;
      if (asked.cursor !== undefined && !/^[0-9]{7}$/.test(asked.cursor))
        throw invalidInput('cursor', 'must be the nextCursor of the page before');
      const rows = await batch(found(asked), asked.cursor, limit + 1);
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      return { items, nextCursor: rows.length > limit && last ? last.member_number : null };
    },

    /** How many members the search finds, over every page. */
    async count(asked: MemberFilters): Promise<number> {
      const row = await found(asked)
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Every member the search finds, in number order, a batch at a time; the filters are checked at once. */
    every(asked: MemberFilters): AsyncIterable<MemberRow[]> {
      const filtered = found(asked);
      async function* batches(): AsyncIterable<MemberRow[]> {
        let after: string | undefined;
        for (;;) {
          const rows = await batch(filtered, after, CSV_BATCH);
          if (rows.length > 0) yield rows;
          const last = rows.at(-1);
          if (rows.length < CSV_BATCH || !last) return;
          after = last.member_number;
        }
      }
      return batches();
    },
  };
}

export type MembersSearch = ReturnType<typeof createMembersSearch>;
