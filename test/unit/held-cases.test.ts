import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { NearMemberRow } from '../../src/members/near-members-store.js';
import { type CaseRow, createHeldCases } from '../../src/payments/held-cases.js';

/** The held cases on a store that answers each number asked with one member, and keeps every question. */
function withStore() {
  const asked: { typed: readonly string[]; each: number }[] = [];
  const heldCases = createHeldCases({
    nearMembersStore: {
      activeNear: async (typed, each) => {
        asked.push({ typed, each });
        return typed.map(
          (text, index): NearMemberRow => ({ typed: index, member_number: `near ${text}`, full_name: text }),
        );
      },
    },
  });
  return { heldCases, asked };
}

const row = (id: number, customer_ref: string, over: Partial<CaseRow> = {}): CaseRow => ({
  id,
  status: 'held',
  customer_ref,
  member_status: null,
  ...over,
});

it('a page of fifty held payments asks the store once, each number sent once, for three members at most', async () => {
  const { heldCases, asked } = withStore();
  const page = Array.from({ length: 50 }, (_, index) => row(index + 1, String(1_000_000 + (index % 20))));
  const cases = await heldCases.of(page);
  assert.equal(asked.length, 1);
  assert.equal(asked[0]?.typed.length, 20);
  assert.equal(asked[0]?.each, 3);
  assert.equal(cases.size, 50);
  assert.deepEqual(cases.get(21), {
    memberStatus: null,
    nearMembers: [{ customerRef: 'near 1000000', fullName: '1000000' }],
  });
});

it('a payment naming a member, or not held, asks nothing of the store for it', async () => {
  const { heldCases, asked } = withStore();
  const cases = await heldCases.of([
    row(1, '1000001', { member_status: 'closed' }),
    row(2, '1000002', { status: 'accepted', member_status: 'active' }),
    row(3, '1000003', { status: 'returned' }),
  ]);
  assert.deepEqual(asked, []);
  assert.deepEqual([...cases], [[1, { memberStatus: 'closed', nearMembers: [] }]]);
});
