import { useState } from 'preact/hooks';
import { useRoute } from 'preact-iso';
import { lastProblem, useAction, useResource } from '../../calls/hooks.js';
import { type Role, useSession } from '../../session.js';
import { Facts } from '../../ui/facts.js';
import { Options } from '../../ui/options.js';
import { Problem } from '../../ui/problem.js';
import { sentForm } from '../../ui/sent-form.js';
import { When } from '../../ui/when.js';
import { InviteLink } from './invite-link.js';
import { OperatorTokens } from './operator-tokens.js';
import { type Invite, ROLE_WORDS, standing } from './words.js';

/** One operator: change their role, disable or enable them, or make a new invite link. */
export function OperatorPage() {
  const { operatorId = '' } = useRoute().params;
  const { operator: me, refresh } = useSession();
  const path = { path: { operatorId } };
  const read = useResource('/admin/v1/operators/{operatorId}', path);
  const [patch, patching] = useAction('patch', '/admin/v1/operators/{operatorId}');
  const [makeInvite, inviting] = useAction('post', '/admin/v1/operators/{operatorId}/invite');
  const [removeTwoFactor, removing] = useAction('delete', '/admin/v1/operators/{operatorId}/2fa');
  const problem = lastProblem(read, patching, inviting, removing);
  // Kept until the next one is made: a link shown once must not go with a later refusal.
  const [invite, setInvite] = useState<Invite | undefined>(undefined);
  const [said, setSaid] = useState('');
  const operator = read.data;
  const isMe = me?.operatorId === operatorId;

  async function change(body: { role?: Role; disabled?: boolean }, done: string) {
    const changed = await patch({ params: path, body });
    if (!changed.ok) return;
    read.replace(changed.data);
    setSaid(done);
  }
  async function newInvite() {
    const made = await makeInvite({ params: path });
    if (made.ok) setInvite(made.data);
  }
  async function resetTwoFactor() {
    if (!operator || !confirm(`Turn off two-factor sign-in for ${operator.name}? Their password alone signs them in.`))
      return;
    if (!(await removeTwoFactor({ params: path })).ok) return;
    read.replace({ ...operator, twoFactor: false });
    setSaid('Two-factor sign-in is off for them; their recovery codes no longer work.');
  }
  async function changeRole(event: SubmitEvent) {
    const role = sentForm(event).text('role') as Role;
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
      <Facts
        facts={[
          ['Email', operator.email],
          ['Role', ROLE_WORDS[operator.role]],
          ['Account', standing(operator)],
          ['Two-factor sign-in', operator.twoFactor ? 'on' : 'off'],
          ['Added', <When at={operator.createdAt} />],
        ]}
      />
      <p role="status">{said}</p>
      <Problem text={problem} />
      <form class="actions" onSubmit={changeRole} aria-label="Change the role">
        <label for="operator-role">Role</label>
        <select id="operator-role" name="role" key={operator.role}>
          <Options words={ROLE_WORDS} selected={operator.role} />
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
