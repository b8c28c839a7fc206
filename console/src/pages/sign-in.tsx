import { useEffect, useState } from 'preact/hooks';
import { useAction } from '../calls/hooks.js';
import { Problem } from '../ui/problem.js';
import { sentForm } from '../ui/sent-form.js';
import { ForgotPassword } from './forgot-password.js';

const codeRequired = (refusal: { status: number; error?: { error?: string } | undefined }) =>
  refusal.status === 401 && refusal.error?.error === 'code_required';

/** Email and password, then the two-factor code when the account asks for one or is locked. */
export function SignIn({ note, onSignedIn }: { note: string; onSignedIn: () => void }) {
  const [needsCode, setNeedsCode] = useState(false);
  const [forgot, setForgot] = useState(false);
  useEffect(() => {
    document.title = 'Sign in · Payments console';
  }, []);
  const [signIn, { busy, problem }] = useAction('post', '/admin/v1/session', (refusal) =>
    codeRequired(refusal)
      ? 'Enter the six-digit code from your authenticator app, or a recovery code.'
      : refusal.problem,
  );

  async function submit(event: Event) {
    const form = sentForm(event);
    const code = form.text('code').trim();
    const done = await signIn({
      body: { email: form.text('email'), password: form.text('password'), ...(code ? { code } : {}) },
    });
    if (done.ok) return onSignedIn();
    // A locked account still lets its owner in with the password and the code sent together.
    if (codeRequired(done) || done.status === 429) setNeedsCode(true);
  }

  if (forgot) return <ForgotPassword onBack={() => setForgot(false)} />;
  return (
    <main class="sign-in">
      <h1>Sign in</h1>
      {note && <p role="status">{note}</p>}
      <form onSubmit={submit}>
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        {needsCode && (
          <>
            <label for="code">Two-factor code</label>
            <input id="code" name="code" inputMode="numeric" autocomplete="one-time-code" />
          </>
        )}
        <Problem text={problem} />
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      <p>
        <button type="button" class="link" onClick={() => setForgot(true)}>
          Forgot your password?
        </button>
      </p>
    </main>
  );
}
