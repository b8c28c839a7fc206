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

/** What a record acted on, by name where it has one (its id beneath, for the record), linked to its page. */
export function Target({ event }: { event: AuditEvent }) {
  const { role } = useSession();
  if (event.targetName === null) return <>{event.target}</>;
  const page = pageOf(event, allows(role, 'admin'));
  return (
    <>
      {page ? <a href={page}>{event.targetName}</a> : event.targetName}
      <br />
      <span class="muted">{event.target}</span>
    </>
  );
}
