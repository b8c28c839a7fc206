import { useEffect, useState } from 'preact/hooks';
import { api, setCsrfToken } from './api.js';
import type { paths } from './api-types.js';
import { Dashboard } from './pages/dashboard.js';
import { SignIn } from './pages/sign-in.js';

type Session = paths['/admin/v1/session']['get']['responses'][200]['content']['application/json'];
type Signed = Pick<Session, 'operator' | 'timeZone'>;

export function App() {
  const [signed, setSigned] = useState<Signed | null | undefined>(undefined);

  async function load() {
    const { data } = await api.GET('/admin/v1/session');
    setCsrfToken(data?.csrfToken);
    setSigned(data ? { operator: data.operator, timeZone: data.timeZone } : null);
  }
  useEffect(() => {
    void load();
  }, []);

  async function signOut() {
    await api.DELETE('/admin/v1/session');
    setCsrfToken(undefined);
    setSigned(null);
  }

  if (signed === undefined) return <p class="loading">Loading…</p>;
  if (signed === null) return <SignIn onSignedIn={load} />;
  return (
    <>
      <header class="top">
        <span class="brand">Payments console</span>
        <nav aria-label="Main">
          <a href="/console" aria-current="page">
            Dashboard
          </a>
        </nav>
        <span class="who">
          {signed.operator ? `${signed.operator.email} (${signed.operator.role})` : 'Owner token'}
        </span>
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main>
        <Dashboard timeZone={signed.timeZone} />
      </main>
    </>
  );
}
