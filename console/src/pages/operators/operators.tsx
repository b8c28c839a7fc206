import { useState } from 'preact/hooks';
import { useAction, useResource } from '../../calls/hooks.js';
import type { Role } from '../../session.js';
import { AddForm } from '../../ui/add-form.js';
import { Badge } from '../../ui/badge.js';
import { Options } from '../../ui/options.js';
import { Problem } from '../../ui/problem.js';
import type { SentForm } from '../../ui/sent-form.js';
import { Table } from '../../ui/table.js';
import { When } from '../../ui/when.js';
import { InviteLink } from './invite-link.js';
import { type Invite, ROLE_WORDS, standing, standingTone } from './words.js';

function AddOperator({ onAdded }: { onAdded: () => void }) {
  const [add, adding] = useAction('post', '/admin/v1/operators');
  // Kept until the next invite is made: a link shown once must not go with a later refusal.
  const [invite, setInvite] = useState<Invite | undefined>(undefined);
  async function submit(form: SentForm) {
    const done = await add({
      body: {
        email: form.text('email').trim(),
        name: form.text('name').trim(),
        role: form.text('role') as Role,
      },
    });
    if (!done.ok) return;
    form.element.reset();
    setInvite(done.data);
    onAdded();
  }
  return (
    <AddForm
      title="Invite an operator"
      button="Invite"
      problem={adding.problem}
      onSubmit={submit}
      after={invite && <InviteLink invite={invite} />}
    >
      <label for="operator-email">Email address</label>
      <input id="operator-email" name="email" type="email" required maxLength={254} autoComplete="off" />
      <label for="operator-name">Name</label>
      <input id="operator-name" name="name" required maxLength={200} autoComplete="off" />
      <label for="operator-role">Role</label>
      <select id="operator-role" name="role">
        <Options words={ROLE_WORDS} />
      </select>
    </AddForm>
  );
}

/** The people who may sign in to the console, their roles, and an invite for a new one. */
export function Operators() {
  const { data, problem, reload } = useResource('/admin/v1/operators');
  const operators = data?.items;
  return (
    <section aria-labelledby="operators-title">
      <h1 id="operators-title">Operators</h1>
      <Problem text={problem} />
      {operators && (
        <Table label="Operators" columns={['Name', 'Email', 'Role', 'Account', 'Two-factor', 'Added']}>
          {operators.map((operator) => (
            <tr key={operator.operatorId}>
              <th scope="row">
                <a href={`/console/operators/${encodeURIComponent(operator.operatorId)}`}>{operator.name}</a>
              </th>
              <td>{operator.email}</td>
              <td>{operator.role}</td>
              <td>
                <Badge tone={standingTone(operator)}>{standing(operator)}</Badge>
              </td>
              <td>{operator.twoFactor ? 'on' : 'off'}</td>
              <td>
                <When at={operator.createdAt} />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <AddOperator onAdded={reload} />
    </section>
  );
}
