import { useEffect, useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { api, messageOf } from '../../api.js';
import { type Role, useSession } from '../../session.js';
import { Problem } from '../../ui/problem.js';
import { When } from '../../ui/when.js';
import { InviteLink } from './invite-link.js';
import { OperatorTokens } from './operator-tokens.js';
import { type Invite, type Operator, ROLE_WORDS, standing } from './words.js';

/** One operator: change their role, disable or enable them, or make a new invite link. */
export function OperatorPage() {
  const { operatorId = '' } = useRoute().params;
  const { operator: me, refresh } = useSession();
  const [operator, setOperator] = useState<Operator | undefined>(undefined);
  const [invite, setInvite] = useState<Invite | undefined>(undefined);
  const [problem, setProblem] = useState('');
  const [said, setSaid] = useState('');
  const isMe = me?.operatorId === operatorId;
  useEffect(() => {
    void api
      .GET('/admin/v1/operators/{operatorId}', { params: { path: { operatorId } } })
      .then(({ data, error }) => (error ? setProblem(messageOf(error)) : setOperator(data)));
  }, [operatorId]);

  async function change(body: { role?: Role; disabled?: boolean }, done: string) {
    const { data, error } = await api.PATCH('/admin/v1/operators/{operatorId}', {
      params: { path: { operatorId } },
      body,
    });
    if (error) return setProblem(messageOf(error));
    setProblem('');
    setOperator(data);
    setSaid(done);
  }
  async function newInvite() {
    const { data, error } = await api.POST('/admin/v1/operators/{operatorId}/invite', {
      params: { path: { operatorId } },
    });
    if (error) return setProblem(messageOf(error));
    setProblem('');
    setInvite(data);
  }
  async function resetTwoFactor() {
    if (!operator || !confirm(`Turn off two-factor sign-in for ${operator.name}? Their password alone signs them in.`))
      return;
    const { error } = await api.DELETE('/admin/v1/operators/{operatorId}/2fa', { params: { path: { operatorId } } });
    if (error) return setProblem(messageOf(error));
    setProblem('');
    setOperator({ ...operator, twoFactor: false });
    setSaid('Two-factor sign-in is off for them; their recovery codes no longer work.');
  }
  async function changeRole(event: SubmitEvent) {
    event.preventDefault();
    const role = String(new FormData(event.currentTarget as HTMLFormElement).get('role')) as Role;
    if (!isMe) return change({ role }, `Their role is now ${role}.`);
    if (!confirm(`Make yourself ${role}? The pages and buttons of a higher role go at once.`)) return;
    await change({ role }, `Your role is now ${role}.`);
    // The session names the role each page checks: read it again, so the console follows at once.
    refresh();
  }

  if (!operator)
    return (
      <section>
        <h1>Operator</h1>
        <Problem text={problem} />
      </section>
    );
  return (
    <section aria-labelledby="operator-title">
      <h1 id="operator-title">{operator.name}</h1>
      <dl class="facts">
        <dt>Email</dt>
        <dd>{operator.email}</dd>
        <dt>Role</dt>
        <dd>{ROLE_WORDS[operator.role]}</dd>
        <dt>Account</dt>
        <dd>{standing(operator)}</dd>
        <dt>Two-factor sign-in</dt>
        <dd>{operator.twoFactor ? 'on' : 'off'}</dd>
        <dt>Added</dt>
        <dd>
          <When at={operator.createdAt} />
        </dd>
      </dl>
      <p role="status">{said}</p>
      <Problem text={problem} />
      <form class="actions" onSubmit={changeRole} aria-label="Change the role">
        <label for="operator-role">Role</label>
        <select id="operator-role" name="role" key={operator.role}>
          {Object.entries(ROLE_WORDS).map(([role, words]) => (
            <option key={role} value={role} selected={role === operator.role}>
              {words}
            </option>
          ))}
        </select>
        <button type="submit">Change the role</button>
      </form>
      <div class="actions">
        {operator.disabled ? (
          <button type="button" onClick={() => change({ disabled: false }, 'They can sign in again.')}>
            Enable
          </button>
        ) : (
          !isMe && (
            <button
              type="button"
              class="secondary"
              onClick={() =>
                confirm(`Disable ${operator.name}? They are signed out, and their API tokens stop working.`) &&
                change({ disabled: true }, 'Disabled: they are signed out and cannot sign in.')
              }
            >
              Disable
            </button>
          )
        )}
        <button type="button" class="secondary" onClick={newInvite}>
          {operator.passwordSet ? 'A link to reset their password' : 'A new invite link'}
        </button>
        {operator.twoFactor && !isMe && (
          <button type="button" class="secondary" onClick={resetTwoFactor}>
            Turn their two-factor sign-in off
          </button>
        )}
      </div>
      {invite && <InviteLink invite={invite} />}
      <OperatorTokens operatorId={operatorId} />
      <p>
        <a href={`/console/audit?operator=${encodeURIComponent(operator.email)}`}>What they did, in the audit</a>
      </p>
    </section>
  );
}
