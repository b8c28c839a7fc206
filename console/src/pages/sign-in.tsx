import { useState } from 'preact/hooks';
import { api, messageOf } from '../api.js';

/** Email and password, then the two-factor code when the account asks for one or is locked. */
export function SignIn({ note, onSignedIn }: { note: string; onSignedIn: () => void }) {
  const [needsCode, setNeedsCode] = useState(false);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const code = String(form.get('code') ?? '').trim();
    setBusy(true);
    const { error, response } = await api.POST('/admin/v1/session', {
      body: { email: String(form.get('email')), password: String(form.get('password')), ...(code ? { code } : {}) },
    });
    setBusy(false);
    if (!error) return onSignedIn();
    if (response.status === 401 && error.error === 'code_required') {
      setNeedsCode(true);
      setProblem('Enter the six-digit code from your authenticator app, or a recovery code.');
    } else {
      // A locked account still lets its owner in with the password and the code sent together.
      if (response.status === 429) setNeedsCode(true);
      setProblem(messageOf(error));
    }
  }

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
        {problem && (
          <p class="problem" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
