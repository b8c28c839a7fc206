import { Type } from '@sinclair/typebox';

/** A member's status: only an active member can be paid. */
export const MEMBER_STATUSES = ['active', 'suspended', 'closed'] as const;

export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** The status as the API and the webhook events declare it: one literal for each. */
export const MemberStatusSchema = Type.Union(
  MEMBER_STATUSES.map((status) => Type.Literal(status)),
  { description: 'Only active members can receive payments' },
);
