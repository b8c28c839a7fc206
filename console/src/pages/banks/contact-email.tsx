import { useState } from 'preact/hooks';
import { useAction } from '../../calls/hooks.js';
import { useSession } from '../../session.js';
import { Problem } from '../../ui/problem.js';
import { sentForm } from '../../ui/sent-form.js';

/** Whom at the bank its hand-over links may be emailed to: its integration or IT contact. */
export function ContactEmail(props: {
  clientId: string;
  email: string | null;
  canChange: boolean;
  onChange: () => void;
}) {
  const { clientId, email, canChange, onChange } = props;
  const { emailOn } = useSession();
  const [patch, patching] = useAction('patch', '/admin/v1/clients/{clientId}');
  const [said, setSaid] = useState('');
  async function save(event: Event) {
    const contactEmail = sentForm(event).text('contact').trim() || null;
    setSaid('');
    if (!(await patch({ params: { path: { clientId } }, body: { contactEmail } })).ok) return;
    setSaid(contactEmail ? 'Saved.' : 'Saved: no contact email on file.');
    onChange();
  }
  return (
    <section aria-labelledby="contact-title">
      <h2 id="contact-title">Contact email</h2>
      <p class="note">
        {email ? `New secrets' hand-over links can be emailed to ${email}.` : 'None on file.'}
        {!emailOn && ' This service sends no email (IT can turn it on: BIS_SMTP_URL), so links are copied by hand.'}
      </p>
      {canChange && (
        <form onSubmit={save}>
          <label for="contact-email">The bank's integration contact (leave empty for none)</label>
          <input id="contact-email" name="contact" type="email" value={email ?? ''} />
          <Problem text={patching.problem} />
          <button type="submit" class="secondary">
            Save the contact email
          </button>
          <p role="status">{said}</p>
        </form>
      )}
    </section>
  );
}
