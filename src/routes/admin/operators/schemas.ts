import { Type } from '@sinclair/typebox';
import { NullableTimestamp, Timestamp } from '../../../http/schemas.js';
import { ROLES } from '../../../operators/roles.js';

export const Role = Type.Union(
  ROLES.map((role) => Type.Literal(role)),
  {
    description: 'viewer reads everything; finance also resolves, reconciles, exports and replays; admin also manages',
  },
);

export const Operator = Type.Object({
  operatorId: Type.String(),
  email: Type.String(),
  name: Type.String(),
  role: Role,
  disabled: Type.Boolean({ description: 'A disabled operator cannot sign in, and their sessions and tokens stop' }),
  passwordSet: Type.Optional(
    Type.Boolean({ description: 'false until the operator has used the invite link; shown to admins only' }),
  ),
  twoFactor: Type.Optional(Type.Boolean({ description: 'Two-factor sign-in is on; shown to admins only' })),
  createdAt: Timestamp('When the operator was added'),
});

export const Invite = Type.Object({
  inviteUrl: Type.String({ description: 'Send it to the operator: it lets them set their password, once' }),
  inviteExpiresAt: Timestamp('When the link stops working'),
  emailed: Type.Boolean({
    description: 'Whether the link was emailed to the operator too (the service sends email when BIS_SMTP_URL is set)',
  }),
});

/** An operator's API token as listed: never the token or its hash. */
export const Token = Type.Object({
  tokenId: Type.String(),
  name: Type.String(),
  createdAt: Timestamp('When it was made'),
  expiresAt: Timestamp('When it stops working'),
  revokedAt: NullableTimestamp('When it was revoked'),
});
