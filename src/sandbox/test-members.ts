import type { MemberStatus } from '../member-statuses.js';

/**
 * The only members a sandbox client sees: fixed, the same on every deployment, and published in
 * docs/BANK-INTEGRATION.md ("Try it in the sandbox"), each number triggering one answer of the
 * contract. None is in the member register, so a live client never finds one, and a sandbox
 * client never finds a real member.
 */
export interface TestMember {
  customerRef: string;
  /** null: no test member has this number (it is listed to say what it triggers). */
  fullName: string | null;
  status: MemberStatus | null;
  /** false: found when validated, but the validation never counts, so its payments are held as not validated. */
  validationCounts: boolean;
  /** What the number triggers, as the guide says it. */
  triggers: string;
}

export const TEST_MEMBERS: readonly TestMember[] = [
  {
    customerRef: '9900001',
    fullName: 'Jane Wanjiru Test',
    status: 'active',
    validationCounts: true,
    triggers: 'found and active: validate 200, then a payment is accepted',
  },
  {
    customerRef: '9900002',
    fullName: null,
    status: null,
    validationCounts: true,
    triggers: 'no such member: validate 404; a payment is held (404, resultCode 1)',
  },
  {
    customerRef: '9900003',
    fullName: 'Peter Otieno Test',
    status: 'suspended',
    validationCounts: true,
    triggers: 'suspended: validate 404; a payment is held (404, resultCode 1)',
  },
  {
    customerRef: '9900004',
    fullName: 'Mary Achieng Test',
    status: 'closed',
    validationCounts: true,
    triggers: 'closed: validate 404; a payment is held (404, resultCode 1)',
  },
  {
    customerRef: '9900005',
    fullName: 'Wanjirũ Ñambura-Ōtieno Test',
    status: 'active',
    validationCounts: true,
    triggers: 'found, a name with letters beyond ASCII (ũ, Ñ, Ō): your systems must keep it as UTF-8',
  },
  {
    customerRef: '9900006',
    fullName: "Grace N'gan'ga O'Brien-Mwangi Test",
    status: 'active',
    validationCounts: true,
    triggers: 'found, a name with apostrophes and a hyphen: your SQL and CSV must quote it',
  },
  {
    customerRef: '9900007',
    fullName: `Abdulrahman ${'Mohamed '.repeat(21)}Test`,
    status: 'active',
    validationCounts: true,
    triggers: 'found, a name of 184 characters: your screens and receipts must not cut it off unseen',
  },
  {
    customerRef: '9900008',
    fullName: 'Samuel Kiprono Test',
    status: 'active',
    validationCounts: false,
    triggers:
      'found when validated, but as if the validation never happened: every payment is held as not validated (422, resultCode 2)',
  },
];

const byNumber = new Map(TEST_MEMBERS.map((member) => [member.customerRef, member]));

/** The test member with this seven-digit number, if any. */
export const testMember = (memberNumber: string): TestMember | undefined => byNumber.get(memberNumber);

/** The test member with this seven-digit number, when one can be paid now. */
export function payableTestMember(memberNumber: string): TestMember | undefined {
  const member = byNumber.get(memberNumber);
  return member?.status === 'active' && member.fullName !== null ? member : undefined;
}
