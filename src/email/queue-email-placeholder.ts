import { debuglog } from 'node:util';
import type { QueueEmail } from './outgoing-email.js';

const log = debuglog('bis-email');

/** Until the email outbox is wired in: nothing is sent; NODE_DEBUG=bis-email shows what would have been. */
export const queueEmail: QueueEmail = async (_ex, email) => {
  log('not sent (no outbox): %s to %d recipients', email.kind, email.to.length);
};
