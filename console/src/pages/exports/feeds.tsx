import { useState } from 'preact/hooks';
import { useAction, useResource } from '../../calls/hooks.js';
import { AddForm } from '../../ui/add-form.js';
import { Problem } from '../../ui/problem.js';
import type { SentForm } from '../../ui/sent-form.js';
import { FeedCard } from './feed-card.js';
import './exports.css';

function NewFeed({ onMade }: { onMade: (name: string) => void }) {
  const [make, making] = useAction('post', '/admin/v1/export-feeds');
  async function submit(form: SentForm) {
    const start = form.text('start') === 'first' ? 'first' : 'now';
    const made = await make({ body: { name: form.text('name').trim(), start } });
    if (!made.ok) return;
    form.element.reset();
    onMade(made.data.name);
  }
  return (
    <AddForm title="Make a feed" button="Make the feed" problem={making.problem} onSubmit={submit}>
      <label for="feed-name">Name</label>
      <input
        id="feed-name"
        name="name"
        required
        maxLength={64}
        pattern="[A-Za-z0-9][A-Za-z0-9._\-]*"
        aria-describedby="feed-name-hint"
        autoComplete="off"
      />
      <span id="feed-name-hint" class="note">
        Letters, digits, dots, dashes or underscores, such as erp-daily: the ERP, or whoever imports into it, knows the
        feed by it.
      </span>
      <fieldset>
        <legend>Its first batch holds</legend>
        <label class="check">
          <input type="radio" name="start" value="now" defaultChecked /> only payments accepted from now on (the ERP has
          the earlier ones)
        </label>
        <label class="check">
          <input type="radio" name="start" value="first" /> every payment accepted so far
        </label>
      </fieldset>
    </AddForm>
  );
}

/**
 * The named ERP feeds: each hands the ERP every accepted payment once, a batch at a time. Finance
 * makes one, downloads its next batch, and sees what each batch took, when and by whom.
 */
export function Feeds() {
  const { data: feeds, problem, reload } = useResource('/admin/v1/export-feeds');
  const [said, setSaid] = useState('');
  return (
    <section aria-labelledby="feeds-title" class="feeds">
      <h2 id="feeds-title">ERP feeds</h2>
      <p class="note">
        A feed hands the ERP each accepted payment once. Each download is a batch: every payment accepted since the
        feed's last batch, in the order they were accepted, not by the day paid (a payment accepted today may have been
        paid last week, and a feed by the day paid would miss it or send it twice).
      </p>
      <ul class="feed-rules">
        <li>
          The feed moves on only once the whole file has arrived. If a download breaks, nothing moved: download again
          and the same payments come again.
        </li>
        <li>
          If a saved file is lost, download that batch again from the feed's batches: the same payments, and the feed
          stays where it is.
        </li>
        <li>
          If two people download the same feed at once, the first to finish takes the batch. The other is told so, and
          their file is not saved, so no payment reaches the ERP twice.
        </li>
      </ul>
      <Problem text={problem} />
      <p role="status">{said}</p>
      {feeds?.length === 0 && (
        <p>
          No feed yet: <a href="#feed-name">make one</a>.
        </p>
      )}
      <ul class="feed-list">
        {feeds?.map((feed) => (
          <FeedCard key={feed.name} feed={feed} onMoved={reload} />
        ))}
      </ul>
      <NewFeed
        onMade={(name) => {
          setSaid(`Feed ${name} made: download its first batch when the ERP is ready for it.`);
          reload();
        }}
      />
    </section>
  );
}
