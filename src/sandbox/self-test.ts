import type { Actor, AuditedChanges } from '../audit/audit-store.js';
import { isClientId } from '../clients/client-ids.js';
import type { ClientsStore } from '../clients/clients-store.js';
import { conflict, notFound } from '../errors.js';
import type { SandboxStore, TestMessageRow } from './sandbox-store.js';
import type { SelfTestSecrets } from './self-test-secrets.js';
import { bankSession } from './simulation/bank-session.js';
import { runSteps, type StepResult, testPaymentSteps } from './simulation/contract-steps.js';

/** What became of the test payment's webhook messages, each endpoint subscribed to test events. */
export interface TestDelivery {
  webhookId: string;
  url: string;
  event: string;
  status: TestMessageRow['status'];
  lastStatusCode: number | null;
  attempts: number;
}

export interface SelfTestDeps extends AuditedChanges {
  clientsStore: Pick<ClientsStore, 'findClient'>;
  selfTestSecrets: Pick<SelfTestSecrets, 'make' | 'revoke'>;
  sandboxStore: Pick<SandboxStore, 'testMessagesOf'>;
  /** The deployment's public address: the test goes out and comes back in as a bank's call does. */
  publicUrl: string;
  /** Sends the webhook messages due now, so the test shows whether the ERP took its own. */
  deliverDue: () => Promise<unknown>;
  /** milliseconds each call of the test may take */
  callTimeoutMs?: number;
}

/**
 * "Send a test payment" on a sandbox bank's page: the service plays the bank against its own
 * public address, through whatever proxy and TLS stand in front of it, with a secret it makes for
 * itself and revokes at the end; then tells what the ERP's webhooks subscribed to test events did.
 */
export function createSelfTest({
  clientsStore,
  selfTestSecrets,
  sandboxStore,
  publicUrl,
  deliverDue,
  auditStore,
  transact,
  clock,
  callTimeoutMs = 10_000,
}: SelfTestDeps) {
  return {
    async sendTestPayment(
      clientId: string,
      actor: Actor,
    ): Promise<{ steps: StepResult[]; deliveries: TestDelivery[] }> {
      const client = isClientId(clientId) ? await clientsStore.findClient(clientId) : undefined;
      if (!client) throw notFound.client(clientId);
      if (!client.sandbox) throw conflict.testPaymentOfLiveClient(client.name);
      const { secretId, clientSecret } = await selfTestSecrets.make(clientId, clock.now());
      let steps: StepResult[];
      try {
        const session = bankSession({ baseUrl: publicUrl, clientId, clientSecret }, callTimeoutMs);
        steps = await runSteps(session, testPaymentSteps());
      } finally {
        await selfTestSecrets.revoke(secretId, clock.now());
      }
      await transact((tx) => auditStore.record('client.test_payment_sent', clientId, actor, {}, tx));
      const erpRefId = steps.find((step) => step.erpRefId !== undefined)?.erpRefId;
      if (erpRefId === undefined) return { steps, deliveries: [] };
      await deliverDue();
      const deliveries = (await sandboxStore.testMessagesOf(erpRefId)).map((row) => ({
        webhookId: row.endpoint_id,
        url: row.url,
        event: row.event_type,
        status: row.status,
        lastStatusCode: row.last_status_code,
        attempts: row.attempts,
      }));
      return { steps, deliveries };
    },
  };
}

export type SelfTest = ReturnType<typeof createSelfTest>;
