import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import type { Executor } from '../db/schema.js';
import { conflict, invalidInput, notFound } from '../errors.js';
import { randomId } from '../secrets.js';
import type { CredentialsStore } from './credentials-store.js';
import { normalEmail } from './emails.js';
import type { OperatorRow, OperatorsStore } from './operators-store.js';
import type { PasswordLinks } from './password-links.js';
import type { Role } from './roles.js';

export interface OperatorView {
  operatorId: string;
  email: string;
  name: string;
  role: Role;
  disabled: boolean;
  /** Whether the operator has set a password (used the invite link). */
  passwordSet: boolean;
  twoFactor: boolean;
  createdAt: Date;
}

export const operatorView = (row: OperatorRow): OperatorView => ({
  operatorId: row.id,
  email: row.email,
  name: row.name,
  role: row.role,
  disabled: row.disabled_at !== null,
  passwordSet: row.password_hash !== null,
  twoFactor: row.totp_enabled_at !== null,
  createdAt: row.created_at,
});

export interface OperatorsServiceDeps extends AuditedChanges {
  operatorsStore: OperatorsStore;
  credentialsStore: Pick<CredentialsStore, 'endSessionsOf' | 'revokeTokensOf'>;
  passwordLinks: PasswordLinks;
}

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function readEmail(input: string): string {
  // As typed, for showing, but in NFC: its email_key, which finds the account, is normalEmail of it.
  const email = input.trim().normalize('NFC');
  if (!EMAIL.test(email) || email.length > 254) throw invalidInput('email', 'must be an email address');
  return email;
}

export function createOperatorsService(deps: OperatorsServiceDeps) {
  const { operatorsStore, credentialsStore, auditStore, transact, clock, passwordLinks } = deps;
  const { invite } = passwordLinks;

  async function requireOperator(operatorId: string, ex?: Executor): Promise<OperatorRow> {
    const row = await operatorsStore.find(operatorId, ex);
    if (!row) throw notFound.operator(operatorId);
    return row;
  }

  /**
   * The operator, read once the admins' rows are locked when the change could leave no enabled admin
   * who can sign in, which is refused: of two admins disabled at once, the second waits and sees the first.
   */
  async function lockedForChange(operatorId: string, change: { role?: Role; disabled?: boolean }, tx: Executor) {
    const stopsBeingAdmin = (change.role !== undefined && change.role !== 'admin') || change.disabled === true;
    const admins = stopsBeingAdmin ? await operatorsStore.lockUsableAdmins(tx) : [];
    const row = await requireOperator(operatorId, tx);
    if (admins.includes(row.id) && admins.length <= 1) {
      throw conflict.lastAdmin();
    }
    return row;
  }

  return {
    invite,

    /** Adds an operator, with an invite link to set a password unless `withInvite` is false. */
    async create(input: { email: string; name: string; role: Role }, actor: Actor, withInvite = true) {
      const email = readEmail(input.email);
      const name = input.name.trim();
      if (name === '') throw invalidInput.emptyName();
      const now = clock.now();
      const row: OperatorRow = {
        id: randomId(),
        email,
        email_key: normalEmail(email),
        name,
        role: input.role,
        password_hash: null,
        password_changed_at: null,
        disabled_at: null,
        totp_secret: null,
        totp_pending_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        created_at: now,
        updated_at: now,
      };
      const created = await transact(async (tx) => {
        if (!(await operatorsStore.insert(row, tx))) return false;
        await auditStore.record('operator.created', row.id, actor, { email, role: row.role }, tx);
        return true;
      });
      if (!created) throw conflict.operatorEmailTaken(email);
      return { ...operatorView(row), ...(withInvite ? await invite(row.id, actor) : {}) };
    },

    async list(): Promise<OperatorView[]> {
      return (await operatorsStore.list()).map(operatorView);
    },

    async get(operatorId: string): Promise<OperatorView> {
      return operatorView(await requireOperator(operatorId));
    },

    /** Renames, changes the role, disables or enables. A disabled operator's sessions and tokens stop at once. */
    async update(operatorId: string, change: { name?: string; role?: Role; disabled?: boolean }, actor: Actor) {
      const name = change.name?.trim();
      if (name === '') throw invalidInput.emptyName();
      const now = clock.now();
      return transact(async (tx) => {
        const row = await lockedForChange(operatorId, change, tx);
        const next = await operatorsStore.update(
          operatorId,
          {
            ...(name !== undefined ? { name } : {}),
            ...(change.role !== undefined ? { role: change.role } : {}),
            ...(change.disabled !== undefined ? { disabled_at: change.disabled ? now : null } : {}),
            updated_at: now,
          },
          tx,
        );
        // Revoked, not only paused: enabling the operator again does not bring old tokens back.
        if (change.disabled) {
          await credentialsStore.endSessionsOf(operatorId, now, tx);
          await credentialsStore.revokeTokensOf(operatorId, now, tx);
        }
        if (change.role !== undefined && change.role !== row.role) {
          await auditStore.record('operator.role_changed', operatorId, actor, { from: row.role, to: change.role }, tx);
        }
        if (change.disabled !== undefined && change.disabled !== (row.disabled_at !== null)) {
          const action = change.disabled ? 'operator.disabled' : 'operator.enabled';
          await auditStore.record(action, operatorId, actor, {}, tx);
        }
        if (name !== undefined && name !== row.name) {
          await auditStore.record('operator.renamed', operatorId, actor, { name }, tx);
        }
        return operatorView(next ?? row);
      });
    },
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
