import type { AuditedChanges } from '../audit/audit-store.js';
import type { AuthFailuresStore } from '../auth/auth-failures-store.js';
import { createThrottle } from '../auth/throttle.js';
import type { Config } from '../config.js';
import type { Db } from '../db/schema.js';
import type { QueueEmail } from '../email/outgoing-email.js';
import { createAccountService } from './account-service.js';
import { createApiTokensService } from './api-tokens-service.js';
import { createConfirmation } from './confirmation.js';
import { createCredentialsStore } from './credentials-store.js';
import { createIdentityCheck } from './identity-check.js';
import { createOperatorCredentialsService } from './operator-credentials-service.js';
import { createOperatorsService } from './operators-service.js';
import { createOperatorsStore } from './operators-store.js';
import { createPasswordLinks } from './password-links.js';
import { createSecondFactor } from './second-factor.js';
import { createSignInService, type SessionRules, type SignedInHook } from './sign-in-service.js';

const FIFTEEN_MINUTES = 15 * 60_000;
const HOUR = 60 * 60_000;

export interface OperatorServicesDeps extends AuditedChanges {
  db: Db;
  config: Pick<
    Config,
    | 'publicUrl'
    | 'inviteTtl'
    | 'resetTtl'
    | 'sessionIdle'
    | 'sessionMax'
    | 'requireTwoFactor'
    | 'apiTokenMaxLifetime'
    | 'organisationName'
    | 'timeZone'
  >;
  authFailuresStore: AuthFailuresStore;
  /** Told of each sign-in: a new address of an admin raises an alert. */
  onSignedIn?: SignedInHook | undefined;
  /** Email (src/email/): whether it is on, and the outbox's way in. */
  email: { emailOn: boolean; queueEmail: QueueEmail };
}

/** Wires the operator accounts: who they are, how they sign in, their tokens and their own account. */
export function createOperatorServices({
  db,
  config,
  clock,
  auditStore,
  transact,
  authFailuresStore,
  onSignedIn,
  email,
}: OperatorServicesDeps) {
  const operatorsStore = createOperatorsStore(db);
  const credentialsStore = createCredentialsStore(db);
  const secondFactor = createSecondFactor({ operatorsStore, credentialsStore, clock });
  const rules: SessionRules = {
    idleMs: config.sessionIdle,
    maxMs: config.sessionMax,
    requireTwoFactorForAdmins: config.requireTwoFactor,
  };
  const throttle = (scope: string, limit: number, windowMs = FIFTEEN_MINUTES) =>
    createThrottle({ authFailuresStore, clock }, { scope, limit, windowMs });
  // 5 failures for one account, or 20 from one address, in 15 minutes; 3 failed passes of an account's lock.
  const throttles = {
    account: throttle('sign_in_account', 5),
    address: throttle('sign_in_address', 20),
    lockPasses: throttle('sign_in_lock_pass', 3),
  };
  const confirm = createConfirmation({ throttles, auditStore });
  const confirmIdentity = createIdentityCheck({ secondFactor, confirm });
  const passwordLinks = createPasswordLinks({
    operatorsStore,
    credentialsStore,
    auditStore,
    transact,
    clock,
    publicUrl: config.publicUrl,
    inviteTtlMs: config.inviteTtl,
    resetTtlMs: config.resetTtl,
    ...email,
    emailContext: { organisationName: config.organisationName, timeZone: config.timeZone },
    // Each reset request emails someone: 10 an hour from one address, 3 an hour for one email.
    resetThrottles: { address: throttle('reset_address', 10, HOUR), email: throttle('reset_email', 3, HOUR) },
  });
  return {
    operatorsStore,
    credentialsStore,
    passwordLinks,
    operatorsService: createOperatorsService({
      operatorsStore,
      credentialsStore,
      auditStore,
      transact,
      clock,
      passwordLinks,
    }),
    signInService: createSignInService({
      operatorsStore,
      credentialsStore,
      secondFactor,
      throttles,
      auditStore,
      clock,
      rules,
      onSignedIn,
    }),
    apiTokensService: createApiTokensService({
      operatorsStore,
      credentialsStore,
      confirmIdentity,
      auditStore,
      clock,
      rules,
      maxLifetimeMs: config.apiTokenMaxLifetime,
    }),
    operatorCredentialsService: createOperatorCredentialsService({
      operatorsStore,
      credentialsStore,
      auditStore,
      transact,
      clock,
    }),
    accountService: createAccountService({
      operatorsStore,
      credentialsStore,
      secondFactor,
      confirmIdentity,
      confirm,
      auditStore,
      transact,
      clock,
    }),
  };
}

export type OperatorServices = ReturnType<typeof createOperatorServices>;
