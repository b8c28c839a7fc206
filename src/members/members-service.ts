import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import { type BatcherOptions, createBatcher } from '../db/batcher.js';
import type { MemberStatus } from '../db/schema.js';
import { invalidInput, notFound } from '../errors.js';
import { EVENT } from '../webhooks/events.js';
import type { EventOutbox } from '../webhooks/outbox.js';
import { readFullName } from './member-name.js';
import { normalizeMemberNumber } from './member-number.js';
import { MEMBER_CSV_HEADER, memberCsvLine } from './members-csv.js';
import type { MemberFilters, MemberSearch, MembersSearch } from './members-search.js';
import type { MemberRow, MembersStore, ValidationItem } from './members-store.js';

export interface MemberView {
  customerRef: string;
  fullName: string;
  status: MemberStatus;
  activeSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type ValidationResult = { found: true; memberNumber: string; customerName: string } | { found: false };

const view = (row: MemberRow): MemberView => ({
  customerRef: row.member_number,
  fullName: row.full_name,
  status: row.status,
  activeSince: row.active_since,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

function requireMemberNumber(input: string): string {
  const memberNumber = normalizeMemberNumber(input);
  if (!memberNumber) throw invalidInput.customerRef();
  return memberNumber;
}

export interface MembersServiceDeps extends AuditedChanges {
  membersStore: Pick<MembersStore, 'find' | 'lockStatus' | 'upsert' | 'validatePayable'>;
  membersSearch: Pick<MembersSearch, 'search' | 'count' | 'every'>;
  outbox: EventOutbox;
}

/**
 * Month-end brings many validations at once: they are written in batches, each one statement and
 * one commit. One batch at a time: while it runs the next gathers, so under load the batches grow
 * and each round trip to the database carries more, and the rest of the pool is left to payments.
 */
const VALIDATION_BATCHES: BatcherOptions = { maxInFlight: 1, maxBatch: 256 };

export function createMembersService({
  membersStore,
  membersSearch,
  outbox,
  auditStore,
  transact,
  clock,
}: MembersServiceDeps) {
  const validatePayable = createBatcher(
    (items: ValidationItem[]) => membersStore.validatePayable(items),
    VALIDATION_BATCHES,
  );
  return {
    /** The bank's question before a payment. A member who cannot be paid now is not found, and their name is not told. */
    async validate(clientId: string, customerRef: string): Promise<ValidationResult> {
      const memberNumber = normalizeMemberNumber(customerRef);
      if (!memberNumber) return { found: false };
      const customerName = await validatePayable({ clientId, memberNumber, at: clock.now() });
      return customerName === undefined ? { found: false } : { found: true, memberNumber, customerName };
    },

    async put(
      customerRef: string,
      fullName: string,
      status: MemberStatus,
      actor: Actor,
    ): Promise<{ member: MemberView; created: boolean }> {
      const memberNumber = requireMemberNumber(customerRef);
      const read = readFullName(fullName);
      if ('problem' in read) throw invalidInput('fullName', read.problem);
      const name = read.name;
      const { member, created } = await transact(async (tx) => {
        const at = clock.now();
        const previousStatus = await membersStore.lockStatus(memberNumber, tx);
        const result = await membersStore.upsert({ memberNumber, fullName: name, status }, at, tx);
        const action = result.created ? 'member.created' : 'member.updated';
        await auditStore.record(action, memberNumber, actor, { fullName: name, status }, tx);
        if (previousStatus !== undefined && previousStatus !== status) {
          const payload = { customerRef: memberNumber, fullName: name, status, previousStatus };
          await outbox.emit(tx, { type: EVENT.memberStatusChanged, at, payload });
        }
        return result;
      });
      return { member: view(member), created };
    },

    async get(customerRef: string): Promise<MemberView> {
      const memberNumber = requireMemberNumber(customerRef);
      const member = await membersStore.find(memberNumber);
      if (!member) throw notFound.member(memberNumber);
      return view(member);
    },

    async search(asked: MemberSearch): Promise<{ items: MemberView[]; nextCursor: string | null }> {
      const { items, nextCursor } = await membersSearch.search(asked);
      return { items: items.map(view), nextCursor };
    },

    /** How many members the search finds, over every page. */
    async totals(asked: MemberFilters): Promise<{ count: number }> {
      return { count: await membersSearch.count(asked) };
    },

    /** Every member the search finds, as CSV lines; a bad filter is refused before the first. */
    csv(asked: MemberFilters): AsyncIterable<string> {
      const batches = membersSearch.every(asked);
      async function* lines(): AsyncIterable<string> {
        yield MEMBER_CSV_HEADER;
        // A batch is one chunk: a million small writes would cost more than the lines themselves.
        for await (const rows of batches) yield rows.map((row) => memberCsvLine(view(row))).join('');
      }
      return lines();
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
