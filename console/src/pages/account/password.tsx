import { useAction } from '../../calls/hooks.js';
import { useSession } from '../../session.js';
import { Problem } from '../../ui/problem.js';
import { sentForm } from '../../ui/sent-form.js';

/** A new password: every session of this operator ends with it, this one too. */
export function ChangePassword() {
  const { ended } = useSession();
  const [change, changing] = useAction('put', '/admin/v1/operators/me/password');
  async function submit(event: SubmitEvent) {
    const form = sentForm(event);
    const newPassword = form.text('newPassword');
    if (newPassword !== form.text('repeated')) return changing.refuse('The two new passwords differ: type it again.');
    const done = await change({ body: { currentPassword: form.text('currentPassword'), newPassword } });
    if (!done.ok) return;
    ended('Your password is changed, and every session of yours has ended: sign in with the new one.');
  }
  return (
    <form class="stacked" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <label for="current-password">Current password</label>
      <input id="current-password" name="currentPassword" type="password" autoComplete="current-password" required />
      <label for="new-password">New password</label>
      <input id="new-password" name="newPassword" type="password" autoComplete="new-password" required />
      <label for="repeated-password">New password, again</label>
      <input id="repeated-password" name="repeated" type="password" autoComplete="new-password" required />
      <Problem text={changing.problem} />
      <button type="submit">Change the password</button>
      <p class="note">Every session of yours ends, this one too: you sign in again with the new password.</p>
    </form>
  );
}
