import type { Static } from '@sinclair/typebox';
import type { MemberStatus } from '../member-statuses.js';
import type { NearMembersStore } from '../members/near-members-store.js';
import type { HeldCase } from './payment-schemas.js';
import type { PaymentStatus } from './payments-tables.js';

/** The members a payer may have meant, as many as the held queue names in a sentence. */
const NEAR_NAMED = 3;

/** What the case of a payment is read from: its row in the list, the named member's status now beside it. */
export interface CaseRow {
  id: number;
  status: PaymentStatus;
  customer_ref: string;
  member_status: MemberStatus | null;
}

/**
 * Each held payment's case on a page of the list, by paymentId. The member named is already
 * beside each row (the list reads their name there); the members a payer may have meant are looked
 * up for the whole page at once, each number sent read once however many payments sent it.
 */
export function createHeldCases({ nearMembersStore }: { nearMembersStore: Pick<NearMembersStore, 'activeNear'> }) {
  return {
    async of(rows: readonly CaseRow[]): Promise<Map<number, Static<typeof HeldCase>>> {
      const held = rows.filter((row) => row.status === 'held');
      const unknown = [...new Set(held.filter((row) => row.member_status === null).map((row) => row.customer_ref))];
      const near = new Map<string, Static<typeof HeldCase>['nearMembers']>(unknown.map((typed) => [typed, []]));
      const found = unknown.length === 0 ? [] : await nearMembersStore.activeNear(unknown, NEAR_NAMED);
      for (const row of found) {
        near.get(unknown[row.typed] as string)?.push({ customerRef: row.member_number, fullName: row.full_name });
      }
      return new Map(
        held.map((row) => [row.id, { memberStatus: row.member_status, nearMembers: near.get(row.customer_ref) ?? [] }]),
      );
    },
  };
}

export type HeldCases = ReturnType<typeof createHeldCases>;
