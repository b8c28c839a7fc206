import { type Static, Type } from '@sinclair/typebox';
import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import { hashPassword, passwordProblem } from '../auth/passwords.js';
import { conflict, forbidden, invalidInput } from '../errors.js';
import type { AdminTokens } from './admin-tokens.js';
import type { CredentialsStore } from './credentials-store.js';
import { type OperatorsService, type OperatorView, operatorView, readEmail } from './operators-service.js';
import type { OperatorsStore } from './operators-store.js';
import type { SetupCodes } from './setup-codes.js';

/**
 * POST /admin/init. Without a password the answer holds an invite link; recover makes (or resets)
 * an admin although admins exist, when the last is lost. Without an email it makes the owner token.
 */
export const InitBody = Type.Object({
  setupCode: Type.String({ maxLength: 100, description: 'From BIS_DATA_DIR/setup-code; it works once' }),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  password: Type.Optional(Type.String({ maxLength: 1024 })),
  recover: Type.Optional(Type.Boolean()),
});

/** An admin is made with an email, and named by it when no name is given. */
export type SetupInput = Static<typeof InitBody> & { email: string; name: string };

export interface SetupDeps extends AuditedChanges {
  adminTokens: Pick<AdminTokens, 'isSet'>;
  setupCodes: Pick<SetupCodes, 'isCurrent' | 'useUp'>;
  operatorsStore: Pick<OperatorsStore, 'countUsable' | 'findByEmail' | 'update'>;
  credentialsStore: Pick<CredentialsStore, 'endSessionsOf' | 'revokeTokensOf' | 'replaceRecoveryCodes'>;
  operatorsService: Pick<OperatorsService, 'create' | 'invite'>;
}

/**
 * The first admin, made by whoever holds the setup code (whoever can read the data directory),
 * and the same way back in when the last admin is lost: the code makes a new admin, or resets one
 * (enabled, role admin, second factor off, a new invite link).
 */
export function createSetupService(deps: SetupDeps) {
  const { adminTokens, setupCodes, operatorsStore, credentialsStore, operatorsService, auditStore, transact, clock } =
    deps;
  const hasAdmin = async () => (await operatorsStore.countUsable('admin')) > 0;

  return {
    /** Whether nobody can administer the service yet: no owner token and no admin who can sign in. */
    async needsSetup(): Promise<boolean> {
      return !(await adminTokens.isSet()) && !(await hasAdmin());
    },

    async setUp(
      input: SetupInput,
      actor: Actor,
    ): Promise<OperatorView & { inviteUrl?: string; inviteExpiresAt?: Date }> {
      if (!(await setupCodes.isCurrent(input.setupCode))) throw forbidden.wrongSetupCode();
      if ((await hasAdmin()) && !input.recover) {
        throw conflict.adminExists();
      }
      const email = readEmail(input.email);
      const problem = input.password === undefined ? undefined : passwordProblem(input.password, email);
      if (problem) throw invalidInput('password', problem);
      const existing = await operatorsStore.findByEmail(email);
      const now = clock.now();
      let operator: OperatorView;
      if (existing) {
        // Recovery of an operator who exists: back in, as an admin, with a new way to sign in.
        const reset = await transact(async (tx) => {
          const row = await operatorsStore.update(
            existing.id,
            {
              role: 'admin',
              disabled_at: null,
              password_hash: null,
              totp_secret: null,
              totp_pending_secret: null,
              totp_enabled_at: null,
              totp_last_step: null,
              updated_at: now,
            },
            tx,
          );
          await credentialsStore.endSessionsOf(existing.id, now, tx);
          await credentialsStore.revokeTokensOf(existing.id, now, tx);
          await credentialsStore.replaceRecoveryCodes(existing.id, [], tx);
          await auditStore.record('operator.recovered', existing.id, actor, { email }, tx);
          await setupCodes.useUp(tx);
          return row ?? existing;
        });
        operator = operatorView(reset);
      } else {
        operator = await operatorsService.create({ email, name: input.name, role: 'admin' }, actor, false);
        await transact((tx) => setupCodes.useUp(tx));
      }
      if (input.password !== undefined) {
        const passwordHash = await hashPassword(input.password);
        await operatorsStore.update(operator.operatorId, { password_hash: passwordHash, password_changed_at: now });
        return { ...operator, passwordSet: true };
      }
      return { ...operator, ...(await operatorsService.invite(operator.operatorId, actor)) };
    },
  };
}

export type SetupService = ReturnType<typeof createSetupService>;
