import type { paths } from '../../api-types.js';
import type { Role } from '../../session.js';
import type { Tone } from '../../ui/badge.js';

export type Operator =
  paths['/admin/v1/operators']['get']['responses'][200]['content']['application/json']['items'][number];

/** A one-time link that sets an operator's password, as the API answers an invite. */
export type Invite = Pick<
  paths['/admin/v1/operators/{operatorId}/invite']['post']['responses'][201]['content']['application/json'],
  'inviteUrl' | 'inviteExpiresAt' | 'emailed'
>;

export const ROLE_WORDS: Record<Role, string> = {
  viewer: 'viewer: reads everything',
  finance: 'finance: also clears held payments, reconciles, exports and replays',
  admin: 'admin: also manages banks, members, webhooks and operators',
};

/** Where an operator stands, in a few words. */
export const standing = (operator: Operator) =>
  operator.disabled ? 'disabled' : operator.passwordSet ? 'active' : 'invited, has not set a password yet';

/** How an operator's standing reads at a glance: a disabled account cannot sign in; an invite waits. */
export const standingTone = (operator: Operator): Tone =>
  operator.disabled ? 'bad' : operator.passwordSet ? 'ok' : 'warn';
