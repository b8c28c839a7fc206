import type { paths } from '../../api-types.js';

export type Member = paths['/admin/v1/members/{customerRef}']['get']['responses'][200]['content']['application/json'];
export type Status = Member['status'];

export const STATUS_WORDS: Record<Status, string> = {
  active: 'active: can be paid',
  suspended: 'suspended: payments are held',
  closed: 'closed: payments are held',
};
