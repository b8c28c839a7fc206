import { useEffect, useState } from 'preact/hooks';
import { api, messageOf } from '../../api.js';
import type { paths } from '../../api-types.js';
import { now } from '../../time.js';
import { CopyField } from '../../ui/copy-button.js';
import { Problem } from '../../ui/problem.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { When } from '../../ui/when.js';

type Token =
  paths['/admin/v1/operators/me/tokens']['get']['responses'][200]['content']['application/json']['items'][number];

/** Tokens for the command line or a script, acting as this operator: made, listed and revoked. */
export function ApiTokens({ twoFactor }: { twoFactor: boolean }) {
  const [tokens, setTokens] = useState<Token[]>([]);
  const [made, setMade] = useState('');
  const [problem, setProblem] = useState('');
  const load = () =>
    void api
      .GET('/admin/v1/operators/me/tokens')
      .then(({ data, error }) => (error ? setProblem(messageOf(error)) : setTokens(data.items)));
  useEffect(load, []);

  async function make(event: SubmitEvent) {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const form = new FormData(formElement);
    const code = String(form.get('code') ?? '').replace(/\s+/g, '');
    const { data, error } = await api.POST('/admin/v1/operators/me/tokens', {
      body: {
        name: String(form.get('name')).trim(),
        expiresInDays: Number(form.get('days')),
        password: String(form.get('password')),
        ...(code ? { code } : {}),
      },
    });
    if (error) return setProblem(messageOf(error));
    setProblem('');
    setMade(data.token);
    formElement.reset();
    load();
  }
  async function revoke(token: Token) {
    if (!confirm(`Revoke "${token.name}"? What uses it stops working at once.`)) return;
    const { error } = await api.DELETE('/admin/v1/operators/me/tokens/{tokenId}', {
      params: { path: { tokenId: token.tokenId } },
    });
    if (error) return setProblem(messageOf(error));
    load();
  }

  return (
    <section aria-labelledby="tokens-title">
      <h2 id="tokens-title">API tokens</h2>
      <p class="note">For the command line or a script: a token acts as you, with your role.</p>
      {tokens.length === 0 ? (
        <p>No token.</p>
      ) : (
        <TableScroll label="Your API tokens">
          <table>
            <thead>
              <tr>
                <th scope="col">For</th>
                <th scope="col">Made</th>
                <th scope="col">Works until</th>
                <th scope="col">Revoke</th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <tr key={token.tokenId}>
                  <th scope="row">{token.name}</th>
                  <td>
                    <When at={token.createdAt} />
                  </td>
                  <td>
                    {token.revokedAt ? (
                      <>
                        revoked <When at={token.revokedAt} />
                      </>
                    ) : Date.parse(token.expiresAt) <= now().getTime() ? (
                      <>
                        expired <When at={token.expiresAt} />
                      </>
                    ) : (
                      <When at={token.expiresAt} />
                    )}
                  </td>
                  <td>
                    {!token.revokedAt && (
                      <button type="button" class="secondary" onClick={() => revoke(token)}>
                        Revoke
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      <Problem text={problem} />
      <form class="stacked" onSubmit={make}>
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
