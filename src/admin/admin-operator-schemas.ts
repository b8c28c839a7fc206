import { Type } from '@sinclair/typebox';
import { Timestamp } from '../http/schemas.js';

export const Role = Type.Union([Type.Literal('viewer'), Type.Literal('finance'), Type.Literal('admin')], {
  description: 'viewer reads everything; finance also resolves, reconciles, exports and replays; admin also manages',
});

export const Operator = Type.Object({
  operatorId: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: Role,
  disabled: Type.Boolean({ description: 'A disabled operator cannot sign in, and their sessions and tokens stop' }),
  passwordSet: Type.Boolean({ description: 'false until the operator has used the invite link' }),
  twoFactor: Type.Boolean({ description: 'Two-factor sign-in is on' }),
  createdAt: Timestamp('When the operator was added'),
});

export const Invite = Type.Object({
  inviteUrl: Type.String({ description: 'Send it to the operator: it lets them set their password, once' }),
  inviteExpiresAt: Timestamp('When the link stops working'),
});
