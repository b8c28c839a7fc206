import { useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { lastProblem, useAction, useResource } from '../../calls/hooks.js';
import { allows, useSession } from '../../session.js';
import { Badge } from '../../ui/badge.js';
import { Facts } from '../../ui/facts.js';
import { Problem } from '../../ui/problem.js';
import { When } from '../../ui/when.js';
import { LatestPayments } from '../payments/latest-payments.js';
import { STATUS_TONES, STATUS_WORDS, type Status } from './words.js';
import './members.css';

/** One member: their details, their latest payments, and (for an admin) a change of status. */
export function MemberPage() {
  const { params } = useRoute();
  const ref = params.memberNumber ?? '';
  const { role } = useSession();
  const read = useResource('/admin/v1/members/{customerRef}', { path: { customerRef: ref } });
  const latest = useResource('/admin/v1/payments', { query: { customerRef: ref, limit: 10 } });
  const [save, saving] = useAction('put', '/admin/v1/members/{customerRef}');
  const [said, setSaid] = useState('');
  const member = read.data;
  const payments = latest.data?.items ?? [];

  async function setStatus(status: Status) {
    if (!member || status === member.status) return;
    if (!confirm(`Make ${member.fullName} ${STATUS_WORDS[status]}?`)) return;
    const done = await save({ params: { path: { customerRef: ref } }, body: { fullName: member.fullName, status } });
    if (!done.ok) return;
    read.replace(done.data);
    setSaid(`${done.data.fullName} is now ${done.data.status}.`);
  }
  return (
    <section aria-labelledby="member-title">
      <p>
        <a href="/console/members">Members</a>
      </p>
      <h1 id="member-title">{member ? `${member.fullName} (${member.customerRef})` : `Member ${ref}`}</h1>
      <p role="status">{said}</p>
      <Problem text={lastProblem(read, saving)} />
      {member && (
        <>
          <Facts
            facts={[
              ['Status', <Badge tone={STATUS_TONES[member.status]}>{STATUS_WORDS[member.status]}</Badge>],
              ['Active since', <When at={member.activeSince} />],
              ['Added', <When at={member.createdAt} />],
              ['Last changed', <When at={member.updatedAt} />],
            ]}
          />
          {allows(role, 'admin') && (
            <div class="actions">
              {(Object.keys(STATUS_WORDS) as Status[])
                .filter((status) => status !== member.status)
                .map((status) => (
                  <button key={status} type="button" class="secondary" onClick={() => setStatus(status)}>
                    Make {status}
                  </button>
                ))}
            </div>
          )}
          <LatestPayments payments={payments} party={(payment) => `from ${payment.clientName ?? payment.clientId}`} />
        </>
      )}
    </section>
  );
}
