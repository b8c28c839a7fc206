import { useState } from 'preact/hooks';
import { lastProblem, useAction, useResource } from '../../calls/hooks.js';
import { CopyField } from '../../ui/copy-button.js';
import { Problem } from '../../ui/problem.js';
import { sentForm } from '../../ui/sent-form.js';
import { type Token, TokensTable } from './tokens-table.js';

/** Tokens for the command line or a script, acting as this operator: made, listed and revoked. */
export function ApiTokens({ twoFactor }: { twoFactor: boolean }) {
  const read = useResource('/admin/v1/operators/me/tokens');
  const [make, making] = useAction('post', '/admin/v1/operators/me/tokens');
  const [revoke, revoking] = useAction('delete', '/admin/v1/operators/me/tokens/{tokenId}');
  const tokens = read.data?.items ?? [];
  const [made, setMade] = useState('');

  async function submit(event: SubmitEvent) {
    const form = sentForm(event);
    const code = form.code('code');
    const done = await make({
      body: {
        name: form.text('name').trim(),
        expiresInDays: Number(form.text('days')),
        password: form.text('password'),
        ...(code ? { code } : {}),
      },
    });
    if (!done.ok) return;
    setMade(done.data.token);
    form.element.reset();
    read.reload();
  }
  async function revokeToken(token: Token) {
    if (!confirm(`Revoke "${token.name}"? What uses it stops working at once.`)) return;
    if ((await revoke({ params: { path: { tokenId: token.tokenId } } })).ok) read.reload();
  }

  return (
    <section aria-labelledby="tokens-title">
      <h2 id="tokens-title">API tokens</h2>
      <p class="note">For the command line or a script: a token acts as you, with your role.</p>
      {tokens.length === 0 ? (
        <p>No token.</p>
      ) : (
        <TokensTable label="Your API tokens" tokens={tokens} onRevoke={revokeToken} />
      )}
      <Problem text={lastProblem(read, making, revoking)} />
      <form class="stacked" onSubmit={submit}>
        <h3>Make a token</h3>
        <label for="token-name">What it is for</label>
        <input id="token-name" name="name" required maxLength={100} placeholder="bis on my laptop" />
        <label for="token-days">Works for (days)</label>
        <input id="token-days" name="days" type="number" min={1} defaultValue="90" required />
        <p class="note">90 days at most, unless the service is set otherwise.</p>
        <label for="token-password">Your password, to make the token</label>
        <input id="token-password" name="password" type="password" autoComplete="current-password" required />
        {twoFactor && (
          <>
            <label for="token-code">Code from your app, for the token</label>
            <input id="token-code" name="code" inputMode="numeric" autoComplete="one-time-code" required />
          </>
        )}
        <button type="submit">Make the token</button>
      </form>
      {made && (
        <div class="once">
          <p>Copy the token now: it is not shown again. Send it as Authorization: Bearer followed by the token.</p>
          <CopyField label="API token" value={made} />
        </div>
      )}
    </section>
  );
}
