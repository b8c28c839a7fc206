// A bank client and its secrets as the admin API shows them: never a hash.
import type { ClientRow, SecretRow, SecretState } from './clients-store.js';

export interface SecretView {
  secretId: string;
  state: SecretState;
  createdAt: Date;
  handoverExpiresAt: Date;
  revealedAt: Date | null;
  revokedAt: Date | null;
}

export interface ClientView {
  clientId: string;
  name: string;
  createdAt: Date;
  /** CIDRs its requests may come from; empty: any address. */
  allowedIps: string[];
  disabled: boolean;
  /** The accounts its statements are for; empty: every account of its statements is taken as its own. */
  statementAccounts: string[];
  /** Sees only the test members and makes only test payments, for good. */
  sandbox: boolean;
  /** Where its hand-over links may be emailed; null: none kept. */
  contactEmail: string | null;
}

/** A client as the admin API lists it: with when it last called. */
export interface ClientActivityView extends ClientView {
  /** Up to half a minute late (src/clients/bank-calls.ts); null if it never called. */
  lastCalledAt: Date | null;
}

export const clientView = (row: ClientRow): ClientView => ({
  clientId: row.id,
  name: row.name,
  createdAt: row.created_at,
  allowedIps: row.allowed_ips,
  disabled: row.disabled_at !== null,
  statementAccounts: row.statement_accounts,
  sandbox: row.sandbox,
  contactEmail: row.contact_email,
});

export const secretView = (secret: SecretRow): SecretView => ({
  secretId: secret.id,
  state: secret.state,
  createdAt: secret.created_at,
  handoverExpiresAt: secret.handover_expires_at,
  revealedAt: secret.revealed_at,
  revokedAt: secret.revoked_at,
});
