import type { Actor, AuditRecorder } from '../audit/audit-store.js';
import type { Clock } from '../clock.js';
import { createBatcher, type BatcherOptions } from '../db/batcher.js';
import type { Transact } from '../db/transaction.js';
import type { MemberStatus } from '../db/schema.js';
import { AppError } from '../http/errors.js';
import { readFullName } from './member-name.js';
import { normalizeMemberNumber } from './member-number.js';
import type { MemberRow, MembersStore, ValidationItem } from './members-store.js';

export interface MemberView {
  customerRef: string;
  fullName: string;
  status: MemberStatus;
  activeSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type ValidationResult = { found: true; customerRef: string; customerName: string } | { found: false };

const view = (row: MemberRow): MemberView => ({
  customerRef: row.customer_ref,
  fullName: row.full_name,
  status: row.status,
  activeSince: row.active_since,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

function requireMemberNumber(input: string): string {
  const customerRef = normalizeMemberNumber(input);
  if (!customerRef) throw new AppError('invalid_input', 'customerRef: must be seven digits');
  return customerRef;
}

export interface MembersServiceDeps {
  store: MembersStore;
  audit: AuditRecorder;
  transact: Transact;
  clock: Clock;
}

/**
 * Month-end brings many validations at once: they are written in batches, each one statement and
 * one commit. One batch at a time: while it runs the next gathers, so under load the batches grow
 * and each round trip to the database carries more, and the rest of the pool is left to payments.
 */
const VALIDATION_BATCHES: BatcherOptions = { maxInFlight: 1, maxBatch: 256 };

export function createMembersService({ store, audit, transact, clock }: MembersServiceDeps) {
  const validatePayable = createBatcher((items: ValidationItem[]) => store.validatePayable(items), VALIDATION_BATCHES);
  return {
    /** The bank's question before a payment. A member who cannot be paid now is not found, and their name is not told. */
    async validate(clientId: string, input: string): Promise<ValidationResult> {
      const customerRef = normalizeMemberNumber(input);
      if (!customerRef) return { found: false };
      const customerName = await validatePayable({ clientId, customerRef, at: clock.now() });
      return customerName === undefined ? { found: false } : { found: true, customerRef, customerName };
    },

    async put(input: string, fullName: string, status: MemberStatus, actor: Actor): Promise<{ member: MemberView; created: boolean }> {
      const customerRef = requireMemberNumber(input);
      const read = readFullName(fullName);
      if ('problem' in read) throw new AppError('invalid_input', `fullName: ${read.problem}`);
      const name = read.name;
      const { member, created } = await transact(async (tx) => {
        const result = await store.upsert({ customerRef, fullName: name, status }, clock.now(), tx);
        await audit.record(result.created ? 'member.created' : 'member.updated', customerRef, actor, { fullName: name, status }, tx);
        return result;
      });
      return { member: view(member), created };
    },

    async get(input: string): Promise<MemberView> {
      const customerRef = requireMemberNumber(input);
      const member = await store.find(customerRef);
      if (!member) throw new AppError('not_found', `No member ${customerRef}`);
      return view(member);
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
