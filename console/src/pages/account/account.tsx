import { useResource } from '../../calls/hooks.js';
import { useSession } from '../../session.js';
import { ApiTokens } from './api-tokens.js';
import { Notifications } from './notifications.js';
import { ChangePassword } from './password.js';
import { TwoFactor } from './two-factor.js';
import './account.css';
import { Facts } from '../../ui/facts.js';

/** The signed-in operator's own account: password, two-factor sign-in, API tokens. */
export function Account() {
  const { operator, role, mustSetUpTwoFactor } = useSession();
  // The session was read at sign-in: re-read it after a change, so the page says what now holds.
  const session = useResource('/admin/v1/session');
  const twoFactor = session.settled ? (session.data?.operator?.twoFactor ?? false) : (operator?.twoFactor ?? false);
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">My account</h1>
      {mustSetUpTwoFactor && (
        <p class="problem" role="alert">
          Admins of this organisation must sign in with two factors: turn it on below before anything else.
        </p>
      )}
      <Facts
        facts={[
          ['Name', operator?.name],
          ['Email', operator?.email],
          ['Role', role],
        ]}
      />
      <TwoFactor on={twoFactor} onChange={session.reload} />
      {!mustSetUpTwoFactor && (
        <>
          <ChangePassword />
          <Notifications />
          <ApiTokens twoFactor={twoFactor} />
        </>
      )}
    </section>
  );
}
