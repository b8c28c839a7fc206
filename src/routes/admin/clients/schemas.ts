import { Type } from '@sinclair/typebox';
import { NullableTimestamp, Timestamp } from '../../../http/schemas.js';
import { MAX_STATEMENT_ACCOUNTS } from '../../../reconciliation/statement-accounts.js';

// A bank client and its secrets as the admin API shows them.

export const StatementAccounts = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  maxItems: MAX_STATEMENT_ACCOUNTS,
  description:
    "The bank accounts this bank's statements are for, as its statements write them (MT940 :25:, camt.053 Acct/Id): " +
    "spaces, capitals and a bank code before a slash do not matter. A statement's part for any other account is named in the run and not matched. " +
    'Empty: every account of its statements is taken as its own',
});

export const ContactEmail = Type.Union([Type.String({ maxLength: 254 }), Type.Null()], {
  description: "Where the bank's hand-over links may be emailed (its IT contact); null or empty: none",
});

export const Client = Type.Object({
  clientId: Type.String({ description: 'The client_id the bank authenticates with' }),
  name: Type.String(),
  createdAt: Timestamp('When the client was created'),
  allowedIps: Type.Array(Type.String(), {
    description: 'CIDRs its token requests and bank calls may come from; empty: any address',
  }),
  disabled: Type.Boolean({ description: 'A disabled client gets no tokens, and its bank calls answer 401' }),
  statementAccounts: StatementAccounts,
  contactEmail: ContactEmail,
  sandbox: Type.Boolean({
    description:
      'A sandbox client sees only the test members and makes only test payments (receipts starting TEST), for good',
  }),
});

export const ClientActivity = Type.Composite([
  Client,
  Type.Object({
    lastCalledAt: NullableTimestamp(
      'When it last called the bank API (token requests aside), up to half a minute late; null if never',
    ),
  }),
]);

export const Secret = Type.Object({
  secretId: Type.String(),
  state: Type.Union(
    [Type.Literal('awaiting_handover'), Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')],
    { description: 'awaiting_handover: link not used yet; active: revealed; expired: link ran out unused; revoked' },
  ),
  createdAt: Timestamp('When the secret was issued'),
  handoverExpiresAt: Timestamp('When the hand-over link stops working'),
  revealedAt: NullableTimestamp('When the link was used'),
  revokedAt: NullableTimestamp('When the secret was revoked'),
});
