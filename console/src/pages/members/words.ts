import type { paths } from '../../api-types.js';
import type { Tone } from '../../ui/badge.js';

export type Member = paths['/admin/v1/members/{customerRef}']['get']['responses'][200]['content']['application/json'];
export type Status = Member['status'];

export const STATUS_WORDS: Record<Status, string> = {
  active: 'active: can be paid',
  suspended: 'suspended: payments are held',
  closed: 'closed: payments are held',
};

/** How each status reads at a glance: a suspended member may be paid again, a closed one not. */
export const STATUS_TONES: Record<Status, Tone> = { active: 'ok', suspended: 'warn', closed: 'bad' };
