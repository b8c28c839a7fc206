import { useState } from 'preact/hooks';
import { useLocation } from 'preact-iso';
import { api, messageOf } from '../../api.js';
import { allows, useSession } from '../../session.js';
import { ShowMore, searchOf, usePages } from '../../ui/pages-of.js';
import { Problem } from '../../ui/problem.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { When } from '../../ui/when.js';
import { STATUS_WORDS, type Status } from './words.js';
import './members.css';

function AddMember() {
  const { route } = useLocation();
  const [problem, setProblem] = useState('');
  async function submit(event: Event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const customerRef = String(form.get('customerRef')).trim();
    const { error } = await api.PUT('/admin/v1/members/{customerRef}', {
      params: { path: { customerRef } },
      body: { fullName: String(form.get('fullName')), status: String(form.get('status')) as Status },
    });
    if (error) return setProblem(messageOf(error));
    route(`/console/members/${encodeURIComponent(customerRef)}`);
  }
  return (
    <form class="stacked" onSubmit={submit}>
      <h2>Add a member</h2>
      <label for="new-ref">Member number (seven digits)</label>
      <input id="new-ref" name="customerRef" required inputMode="numeric" pattern="[0-9]{7}" />
      <label for="new-name">Full name</label>
      <input id="new-name" name="fullName" required maxLength={200} />
      <label for="new-status">Status</label>
      <select id="new-status" name="status">
        {Object.entries(STATUS_WORDS).map(([value, words]) => (
          <option key={value} value={value}>
            {words}
          </option>
        ))}
      </select>
      <Problem text={problem} />
      <button type="submit">Add the member</button>
    </form>
  );
}

/** The member register: find a member by number or name. */
export function Members() {
  const { role } = useSession();
  const { query, route } = useLocation();
  const asked = { ...(query.q ? { q: query.q } : {}), ...(query.status ? { status: query.status as Status } : {}) };
  const { items, problem, more } = usePages(
    (cursor) =>
      api.GET('/admin/v1/members', { params: { query: { ...asked, limit: 50, ...(cursor ? { cursor } : {}) } } }),
    asked,
  );
  const search = (event: Event) => route(`/console/members?${searchOf(event, ['q', 'status'])}`);
  return (
    <section aria-labelledby="members-title">
      <h1 id="members-title">Members</h1>
      {allows(role, 'admin') && (
        <p>
          <a href="/console/members/upload">Upload the member register</a>
        </p>
      )}
      <form class="member-search" onSubmit={search} aria-label="Find members">
        <label for="member-q">Number or name</label>
        <input id="member-q" name="q" defaultValue={query.q ?? ''} />
        <label for="member-status">Status</label>
        <select id="member-status" name="status" defaultValue={query.status ?? ''}>
          <option value="">Any</option>
          {Object.keys(STATUS_WORDS).map((value) => (
            <option key={value} value={value} selected={value === query.status}>
              {value}
            </option>
          ))}
        </select>
        <button type="submit">Find</button>
      </form>
      <Problem text={problem} />
      {items?.length === 0 && <p>No member matches.</p>}
      {items && items.length > 0 && (
        <TableScroll label="Members found">
          <table>
            <thead>
              <tr>
                <th scope="col">Number</th>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col">Active since</th>
              </tr>
            </thead>
            <tbody>
              {items.map((member) => (
                <tr key={member.customerRef}>
                  <td>
                    <a href={`/console/members/${member.customerRef}`}>{member.customerRef}</a>
                  </td>
                  <td>{member.fullName}</td>
                  <td>{member.status}</td>
                  <td>
                    <When at={member.activeSince} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <ShowMore more={more} />
      {allows(role, 'admin') && <AddMember />}
    </section>
  );
}
