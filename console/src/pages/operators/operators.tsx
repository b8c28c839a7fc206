import { useEffect, useState } from 'preact/hooks';
import { api, messageOf } from '../../api.js';
import type { Role } from '../../session.js';
import { Problem } from '../../ui/problem.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { When } from '../../ui/when.js';
import { InviteLink } from './invite-link.js';
import { type Invite, type Operator, ROLE_WORDS, standing } from './words.js';

function AddOperator({ onAdded }: { onAdded: () => void }) {
  const [problem, setProblem] = useState('');
  const [invite, setInvite] = useState<Invite | undefined>(undefined);
  async function submit(event: SubmitEvent) {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const form = new FormData(formElement);
    const { data, error } = await api.POST('/admin/v1/operators', {
      body: {
        email: String(form.get('email')).trim(),
        name: String(form.get('name')).trim(),
        role: String(form.get('role')) as Role,
      },
    });
    if (error) return setProblem(messageOf(error));
    setProblem('');
    setInvite(data);
    formElement.reset();
    onAdded();
  }
  return (
    <form class="stacked" onSubmit={submit}>
      <h2>Invite an operator</h2>
      <label for="operator-email">Email address</label>
      <input id="operator-email" name="email" type="email" required maxLength={254} autoComplete="off" />
      <label for="operator-name">Name</label>
      <input id="operator-name" name="name" required maxLength={200} autoComplete="off" />
      <label for="operator-role">Role</label>
      <select id="operator-role" name="role">
        {Object.entries(ROLE_WORDS).map(([role, words]) => (
          <option key={role} value={role}>
            {words}
          </option>
        ))}
      </select>
      <Problem text={problem} />
      <button type="submit">Invite</button>
      {invite && <InviteLink invite={invite} />}
    </form>
  );
}

/** The people who may sign in to the console, their roles, and an invite for a new one. */
export function Operators() {
  const [operators, setOperators] = useState<Operator[] | undefined>(undefined);
  const [problem, setProblem] = useState('');
  const load = () =>
    void api
      .GET('/admin/v1/operators')
      .then(({ data, error }) => (error ? setProblem(messageOf(error)) : setOperators(data.items)));
  useEffect(load, []);
  return (
    <section aria-labelledby="operators-title">
      <h1 id="operators-title">Operators</h1>
      <Problem text={problem} />
      {operators && (
        <TableScroll label="Operators">
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Account</th>
                <th scope="col">Two-factor</th>
                <th scope="col">Added</th>
              </tr>
            </thead>
            <tbody>
              {operators.map((operator) => (
                <tr key={operator.operatorId}>
                  <th scope="row">
                    <a href={`/console/operators/${encodeURIComponent(operator.operatorId)}`}>{operator.name}</a>
                  </th>
                  <td>{operator.email}</td>
                  <td>{operator.role}</td>
                  <td>{standing(operator)}</td>
                  <td>{operator.twoFactor ? 'on' : 'off'}</td>
                  <td>
                    <When at={operator.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <AddOperator onAdded={load} />
    </section>
  );
}
