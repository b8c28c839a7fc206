import { useEffect, useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { api, messageOf } from '../../api.js';
import { formatMoney } from '../../decimal.js';
import { allows, useSession } from '../../session.js';
import { Problem } from '../../ui/problem.js';
import { When } from '../../ui/when.js';
import { STATUS_WORDS as PAYMENT_WORDS, type Payment, paymentHref } from '../payments/words.js';
import { type Member, STATUS_WORDS, type Status } from './words.js';
import './members.css';

/** One member: their details, their latest payments, and (for an admin) a change of status. */
export function MemberPage() {
  const { params } = useRoute();
  const ref = params.ref ?? '';
  const { role } = useSession();
  const [member, setMember] = useState<Member | undefined>(undefined);
  const [payments, setPayments] = useState<Payment[]>([]);
  const [problem, setProblem] = useState('');
  const [said, setSaid] = useState('');
  useEffect(() => {
    void api
      .GET('/admin/v1/members/{customerRef}', { params: { path: { customerRef: ref } } })
      .then(({ data, error }) => (error ? setProblem(messageOf(error)) : setMember(data)));
    void api
      .GET('/admin/v1/payments', { params: { query: { customerRef: ref, limit: 10 } } })
      .then(({ data }) => setPayments(data?.items ?? []));
  }, [ref]);

  async function setStatus(status: Status) {
    if (!member || status === member.status) return;
    if (!confirm(`Make ${member.fullName} ${STATUS_WORDS[status]}?`)) return;
    const { data, error } = await api.PUT('/admin/v1/members/{customerRef}', {
      params: { path: { customerRef: ref } },
      body: { fullName: member.fullName, status },
    });
    if (error) return setProblem(messageOf(error));
    setMember(data);
    setSaid(`${data.fullName} is now ${data.status}.`);
  }
  return (
    <section aria-labelledby="member-title">
      <p>
        <a href="/console/members">Members</a>
      </p>
      <h1 id="member-title">{member ? `${member.fullName} (${member.customerRef})` : `Member ${ref}`}</h1>
      <p role="status">{said}</p>
      <Problem text={problem} />
      {member && (
        <>
          <dl class="facts">
            <dt>Status</dt>
            <dd>{STATUS_WORDS[member.status]}</dd>
            <dt>Active since</dt>
            <dd>
              <When at={member.activeSince} />
            </dd>
            <dt>Added</dt>
            <dd>
              <When at={member.createdAt} />
            </dd>
            <dt>Last changed</dt>
            <dd>
              <When at={member.updatedAt} />
            </dd>
          </dl>
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
          <h2>Latest payments</h2>
          {payments.length === 0 ? (
            <p>None yet.</p>
          ) : (
            <ul>
              {payments.map((payment) => (
                <li key={payment.paymentId}>
                  Paid{' '}
                  <a href={paymentHref(payment)}>
                    <When at={payment.transactionDate} />
                  </a>
                  : {formatMoney(payment.amount, payment.currency)} from {payment.clientName ?? payment.clientId},{' '}
                  {PAYMENT_WORDS[payment.status]}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
