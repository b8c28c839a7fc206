import { useState } from 'preact/hooks';
import { useAction } from '../calls/hooks.js';
import { Problem } from '../ui/problem.js';
import { sentForm } from '../ui/sent-form.js';

/**
 * "Forgot your password?": asks for a reset link by email. The service answers alike whether or
 * not the email is an operator's, so the page says the same either way.
 */
export function ForgotPassword({ onBack }: { onBack: () => void }) {
  const [sent, setSent] = useState('');
  const [ask, { busy, problem }] = useAction('post', '/admin/v1/session/password-reset');
  async function submit(event: Event) {
    const done = await ask({ body: { email: sentForm(event).text('email') } });
    if (done.ok) setSent(done.data.message);
  }
  return (
    <main class="sign-in">
      <h1>Reset your password</h1>
      {sent ? (
        <p role="status">{sent} It works once, for a short time. Check your spam folder if it does not come.</p>
      ) : (
        <form onSubmit={submit}>
          <p>Type the email you sign in with: a link to choose a new password is emailed to it.</p>
          <label for="reset-email">Email</label>
          <input id="reset-email" name="email" type="email" autocomplete="username" required />
          <Problem text={problem} />
          <button type="submit" disabled={busy}>
            Email me a link
          </button>
        </form>
      )}
      <p>
        <button type="button" class="link" onClick={onBack}>
          Back to signing in
        </button>
      </p>
    </main>
  );
}
