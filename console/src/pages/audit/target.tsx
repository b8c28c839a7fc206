import { allows, useSession } from '../../session.js';
import type { AuditEvent } from './words.js';

/** The console's page for what a named record acted on, when it has one the operator may open. */
function pageOf(event: AuditEvent, canSeeOperators: boolean): string | undefined {
  const [kind] = event.action.split('.');
  const id = encodeURIComponent(event.target);
  const clientId = typeof event.detail.clientId === 'string' ? encodeURIComponent(event.detail.clientId) : undefined;
  if (kind === 'client' || kind === 'statement_mapping') return `/console/banks/${id}`;
  if (kind === 'secret' && clientId) return `/console/banks/${clientId}`;
  if (kind === 'member') return `/console/members/${id}`;
  if (kind === 'payment') return `/console/payments/${id}`;
  if (kind === 'reconciliation') return `/console/reconciliation/${id}`;
  if (kind === 'webhook') return `/console/webhooks/${id}`;
  if (kind === 'operator' && canSeeOperators && !event.action.startsWith('operator.token'))
    return `/console/operators/${id}`;
  return undefined;
}

/**
 * What was done, in the API's sentence, with what it acted on (the bank, the member, the payment's
 * reference, the operator) linked to its page where the sentence names it.
 */
export function Sentence({ event }: { event: AuditEvent }) {
  const { role } = useSession();
  const name = event.targetName;
  const page = pageOf(event, allows(role, 'admin'));
  const at = name ? event.sentence.indexOf(name) : -1;
  if (!name || !page || at < 0) return <>{event.sentence}</>;
  return (
    <>
      {event.sentence.slice(0, at)}
      <a href={page}>{name}</a>
      {event.sentence.slice(at + name.length)}
    </>
  );
}
