import { useEffect, useRef, useState } from 'preact/hooks';
import { LocationProvider, Route, Router, useLocation } from 'preact-iso';
import { onSessionEnded, setCsrfToken } from './api.js';
import { useAction } from './calls/hooks.js';
import { Account } from './pages/account/account.js';
import { SignIn } from './pages/sign-in.js';
import { PAGES } from './routes.js';
import { allows, type Session, SessionContext } from './session.js';
import { setServiceClock } from './time.js';

function NotFound() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        There is no such page, or your role may not open it. <a href="/console">Back to the dashboard</a>
      </p>
    </section>
  );
}

function Navigation({ session }: { session: Session }) {
  const { path } = useLocation();
  const here = (page: string) => (page === '/console' ? path === page : path.startsWith(page));
  return (
    <nav aria-label="Main">
      {PAGES.filter((page) => page.nav && allows(session.role, page.least)).map((page) => (
        <a key={page.path} href={page.path} aria-current={here(page.path) ? 'page' : undefined}>
          {page.nav}
        </a>
      ))}
    </nav>
  );
}

const CONSOLE = 'Payments console';

/**
 * The window's title names the page (its heading, as the heading changes once data arrives), and
 * after moving to another page the focus is on its heading, where a screen reader starts reading.
 * A new search on the same page leaves the focus where it is.
 */
function PageTitle() {
  const { path } = useLocation();
  const moved = useRef(false);
  useEffect(() => {
    const main = document.getElementById('content');
    if (!main) return;
    const retitle = () => {
      const heading = main.querySelector('h1')?.textContent?.trim();
      document.title = heading ? `${heading} · ${CONSOLE}` : CONSOLE;
    };
    retitle();
    const observer = new MutationObserver(retitle);
    observer.observe(main, { subtree: true, childList: true, characterData: true });
    const heading = main.querySelector('h1');
    if (moved.current && heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
    moved.current = true;
    return () => observer.disconnect();
  }, [path]);
  return null;
}

/** An admin who must turn two-factor sign-in on sees only their account until they have. */
function Pages({ session }: { session: Session }) {
  if (session.mustSetUpTwoFactor) return <Account />;
  return (
    <Router>
      {[
        ...PAGES.filter((page) => allows(session.role, page.least)).map((page) => (
          <Route key={page.path} path={page.path} component={page.component} />
        )),
        <Route key="not-found" default component={NotFound} />,
      ]}
    </Router>
  );
}

export function App() {
  const [session, setSession] = useState<Session | null | undefined>(undefined);
  const [note, setNote] = useState('');
  const [readSession] = useAction('get', '/admin/v1/session');
  const [endSession] = useAction('delete', '/admin/v1/session');

  async function load() {
    const read = await readSession();
    const data = read.ok ? read.data : undefined;
    setCsrfToken(data?.csrfToken);
    if (data) setServiceClock(data.now);
    // The console signs in with the cookie only: the owner token is for the command line.
    setSession(
      data?.operator
        ? {
            operator: data.operator,
            role: data.operator.role,
            timeZone: data.timeZone,
            emailOn: data.emailOn,
            mustSetUpTwoFactor: data.mustSetUpTwoFactor,
            refresh: () => void load(),
            ended,
          }
        : null,
    );
  }
  useEffect(() => {
    void load();
    // Signing in again shows the page that was open: the address has not changed.
    onSessionEnded(() => ended('Your session has ended. Sign in again to go on where you were.'));
  }, []);

  function ended(why: string) {
    setCsrfToken(undefined);
    setNote(why);
    setSession(null);
  }
  async function signOut() {
    await endSession();
    ended('');
  }

  if (session === undefined) return <p class="loading">Loading…</p>;
  if (session === null) return <SignIn note={note} onSignedIn={load} />;
  return (
    <SessionContext.Provider value={session}>
      <LocationProvider scope="/console">
        <a class="skip" href="#content">
          Skip to the page
        </a>
        <header class="top">
          <span class="brand">Payments console</span>
          {!session.mustSetUpTwoFactor && <Navigation session={session} />}
          <a class="who" href="/console/account">
            {session.operator?.email} ({session.role})
          </a>
          <button type="button" onClick={signOut}>
            Sign out
          </button>
        </header>
        <main id="content">
          <Pages session={session} />
        </main>
        <PageTitle />
      </LocationProvider>
    </SessionContext.Provider>
  );
}
