import { callService } from './service-http.js';

// Banks notifying payments to a service running as a process of its own, for the tests that kill it.

/** An RTGS payment of 10.00 for the member under `reference`, as a bank notifies it. */
export const notifyPayment = (url: string, token: string, customerRef: string, reference: string) =>
  callService(
    url,
    'POST',
    '/bank/v1/payments',
    { transactionReference: reference, paymentType: 'RTGS', customerRef, amount: '10.00' },
    token,
  );

/**
 * Twenty senders notify payments, each under a new reference `${prefix}-<n>`, until the process
 * dies under them, or until halted. What they sent, and which were acknowledged with which receipt,
 * grows as they go.
 */
export function notifyUntilKilled(url: string, token: string, customerRef: string, prefix: string) {
  const acknowledged = new Map<string, string>();
  const sent: string[] = [];
  let stopped = false;
  let halted = false;
  const sender = async () => {
    while (!halted) {
      const reference = `${prefix}-${sent.length + 1}`;
      sent.push(reference);
      try {
        const { status, body } = await notifyPayment(url, token, customerRef, reference);
        if (status === 200) acknowledged.set(reference, body.erpRefId);
      } catch {
        return; // the connection died with the process
      }
    }
  };
  const done = Promise.all(Array.from({ length: 20 }, sender)).then(() => {
    stopped = true;
  });
  const halt = () => {
    halted = true;
    return done;
  };
  return { acknowledged, sent, done, stopped: () => stopped, halt };
}
