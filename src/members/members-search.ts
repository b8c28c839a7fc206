import { type Static, Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import { likeLiteral } from '../db/like-pattern.js';
import type { Db } from '../db/schema.js';
import { invalidInput } from '../errors.js';
import { MemberStatusSchema } from '../member-statuses.js';
import { CsvFormat, paging } from '../schema-parts.js';
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
  format: CsvFormat('every member the filters find, in number order, limit and cursor ignored'),
  ...paging(),
});

export type MemberSearch = Static<typeof MembersSearchQuery>;

/** The same filters as the search, without its paging and format: what the count is of. */
export const MembersTotalsQuery = Type.Omit(MembersSearchQuery, ['limit', 'cursor', 'format']);
export type MemberFilters = Static<typeof MembersTotalsQuery>;

const DEFAULT_LIMIT = 50;
/** Members of the register read for each batch of a download: a batch holds those of them the filters find. */
const REGISTER_STRETCH = 5000;

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

  return {
    async search(asked: MemberSearch): Promise<{ items: MemberRow[]; nextCursor: string | null }> {
      const limit = asked.limit ?? DEFAULT_LIMIT;
      if (asked.cursor !== undefined && !/^[0-9]{7}$/.test(asked.cursor))
        throw invalidInput('cursor', 'must be the nextCursor of the page before');
      const filtered = found(asked);
      const rows = await (asked.cursor === undefined ? filtered : filtered.where('member_number', '>', asked.cursor))
        .selectAll()
        .orderBy('member_number')
        .limit(limit + 1)
        .execute();
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

    /**
     * Every member the search finds, in number order, a stretch of the register at a time; the
     * filters are checked at once. Each stretch is the next REGISTER_STRETCH numbers of the primary
     * key, read whatever the filters keep of it: paging by LIMIT instead would let the planner,
     * misjudging how many names match, sort the whole register again for every batch.
     */
    every(asked: MemberFilters): AsyncIterable<MemberRow[]> {
      const filtered = found(asked);
      async function* batches(): AsyncIterable<MemberRow[]> {
        let after: string | undefined;
        for (;;) {
          const from =
            after === undefined
              ? db.selectFrom('members')
              : db.selectFrom('members').where('member_number', '>', after);
          const edge = await from
            .select('member_number')
            .orderBy('member_number')
            .offset(REGISTER_STRETCH - 1)
            .limit(1)
            .executeTakeFirst();
          let stretch = after === undefined ? filtered : filtered.where('member_number', '>', after);
          if (edge) stretch = stretch.where('member_number', '<=', edge.member_number);
          const rows = await stretch.selectAll().orderBy('member_number').execute();
          if (rows.length > 0) yield rows;
          if (!edge) return;
          after = edge.member_number;
        }
      }
      return batches();
    },
  };
}

export type MembersSearch = ReturnType<typeof createMembersSearch>;
