import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api.js';
import { useSession } from '../../session.js';
import { ApiTokens } from './api-tokens.js';
import { ChangePassword } from './password.js';
import { TwoFactor } from './two-factor.js';
import './account.css';

/** The signed-in operator's own account: password, two-factor sign-in, API tokens. */
export function Account() {
  const { operator, role, mustSetUpTwoFactor } = useSession();
  const [twoFactor, setTwoFactor] = useState(operator?.twoFactor ?? false);
  // The session was read at sign-in: re-read it after a change, so the page says what now holds.
  const reread = () =>
    void api.GET('/admin/v1/session').then(({ data }) => setTwoFactor(data?.operator?.twoFactor ?? false));
  useEffect(reread, []);
  return (
    <section aria-labelledby="account-title">
      <h1 id="account-title">My account</h1>
      {mustSetUpTwoFactor && (
        <p class="problem" role="alert">
          Admins of this organisation must sign in with two factors: turn it on below before anything else.
        </p>
      )}
      <dl class="facts">
        <dt>Name</dt>
        <dd>{operator?.name}</dd>
        <dt>Email</dt>
        <dd>{operator?.email}</dd>
        <dt>Role</dt>
        <dd>{role}</dd>
      </dl>
      <TwoFactor on={twoFactor} onChange={reread} />
      {!mustSetUpTwoFactor && (
        <>
          <ChangePassword />
          <ApiTokens twoFactor={twoFactor} />
        </>
      )}
    </section>
  );
}
