import { useLocation } from 'preact-iso';
import { useAction, usePages } from '../../calls/hooks.js';
import { allows, useSession } from '../../session.js';
import { AddForm } from '../../ui/add-form.js';
import { Badge } from '../../ui/badge.js';
import { Options } from '../../ui/options.js';
import { Problem } from '../../ui/problem.js';
import { searchOf } from '../../ui/search.js';
import type { SentForm } from '../../ui/sent-form.js';
import { ShowMore } from '../../ui/show-more.js';
import { Table } from '../../ui/table.js';
import { When } from '../../ui/when.js';
import { MembersFound } from './found.js';
import { STATUS_TONES, STATUS_WORDS, type Status } from './words.js';
import './members.css';

function AddMember() {
  const { route } = useLocation();
  const [save, saving] = useAction('put', '/admin/v1/members/{customerRef}');
  async function submit(form: SentForm) {
    const customerRef = form.text('customerRef').trim();
    const done = await save({
      params: { path: { customerRef } },
      body: { fullName: form.text('fullName'), status: form.text('status') as Status },
    });
    if (done.ok) route(`/console/members/${encodeURIComponent(customerRef)}`);
  }
  return (
    <AddForm title="Add a member" button="Add the member" problem={saving.problem} onSubmit={submit}>
      <label for="new-ref">Member number (seven digits)</label>
      <input id="new-ref" name="customerRef" required inputMode="numeric" pattern="[0-9]{7}" />
      <label for="new-name">Full name</label>
      <input id="new-name" name="fullName" required maxLength={200} />
      <label for="new-status">Status</label>
      <select id="new-status" name="status">
        <Options words={STATUS_WORDS} />
      </select>
    </AddForm>
  );
}

/** The member register: find a member by number or name. */
export function Members() {
  const { role } = useSession();
  const { query, route } = useLocation();
  const asked = { ...(query.q ? { q: query.q } : {}), ...(query.status ? { status: query.status as Status } : {}) };
  const { items, problem, more } = usePages('/admin/v1/members', { query: { ...asked, limit: 50 } });
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
        <div>
          <label for="member-q">Number or name</label>
          <input id="member-q" name="q" defaultValue={query.q ?? ''} />
        </div>
        <div>
          <label for="member-status">Status</label>
          <select id="member-status" name="status" defaultValue={query.status ?? ''}>
            <option value="">Any</option>
            {Object.keys(STATUS_WORDS).map((value) => (
              <option key={value} value={value} selected={value === query.status}>
                {value}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Find</button>
      </form>
      <Problem text={problem} />
      {items?.length === 0 && <p>No member matches.</p>}
      {items && items.length > 0 && <MembersFound filters={asked} />}
      {items && items.length > 0 && (
        <Table label="Members found" columns={['Number', 'Name', 'Status', 'Active since']}>
          {items.map((member) => (
            <tr key={member.customerRef}>
              <td>
                <a href={`/console/members/${member.customerRef}`}>{member.customerRef}</a>
              </td>
              <td>{member.fullName}</td>
              <td>
                <Badge tone={STATUS_TONES[member.status]}>{member.status}</Badge>
              </td>
              <td>
                <When at={member.activeSince} />
              </td>
            </tr>
          ))}
        </Table>
      )}
      <ShowMore more={more} />
      {allows(role, 'admin') && <AddMember />}
    </section>
  );
}
