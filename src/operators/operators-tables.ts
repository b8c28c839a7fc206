import type { ColumnType } from 'kysely';
import type { Role } from './roles.js';

export interface OperatorsTable {
  id: string;
  email: string;
  /** normalEmail of the email (trimmed, lower-cased, NFC): emails are unique however they are typed. */
  email_key: string;
  name: string;
  role: Role;
  /** scrypt hash; null until the invite link is used. */
  password_hash: string | null;
  password_changed_at: Date | null;
  disabled_at: Date | null;
  /** The TOTP key, base32, once two-factor sign-in is on. */
  totp_secret: string | null;
  /** A key shown for setting two-factor sign-in up, until a first code confirms it. */
  totp_pending_secret: string | null;
  totp_enabled_at: Date | null;
  /** The last TOTP time step accepted: a code is accepted once. */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Date;
  updated_at: Date;
}

/** A one-time link that sets an operator's password: an admin's invite, or a reset the operator asked for. */
export type PasswordLinkPurpose = 'invite' | 'reset';

export interface OperatorInvitesTable {
  token_hash: string;
  purpose: ColumnType<PasswordLinkPurpose, PasswordLinkPurpose | undefined, never>;
  operator_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

export interface OperatorSessionsTable {
  /** SHA-256 of the session id the cookie carries. */
  id_hash: string;
  operator_id: string;
  created_at: Date;
  last_seen_at: Date;
  ended_at: Date | null;
}

export interface OperatorTokensTable {
  id: string;
  operator_id: string;
  name: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

export interface OperatorRecoveryCodesTable {
  operator_id: string;
  code_hash: string;
  used_at: Date | null;
}
