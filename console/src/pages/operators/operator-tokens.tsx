import { lastProblem, useAction, useResource } from '../../calls/hooks.js';
import { now } from '../../time.js';
import { Problem } from '../../ui/problem.js';
import { type Token, TokensTable } from '../account/tokens-table.js';

/** An operator's API tokens, for an admin: what each is for and until when, and revoking one. */
export function OperatorTokens({ operatorId }: { operatorId: string }) {
  const read = useResource('/admin/v1/operators/{operatorId}/tokens', { path: { operatorId } });
  const [revoke, revoking] = useAction('delete', '/admin/v1/operators/{operatorId}/tokens/{tokenId}');
  const tokens = read.data?.items ?? [];

  async function revokeToken(token: Token) {
    if (!confirm(`Revoke their token "${token.name}"? What uses it stops working at once.`)) return;
    if ((await revoke({ params: { path: { operatorId, tokenId: token.tokenId } } })).ok) read.reload();
  }

  const live = tokens.filter((token) => !token.revokedAt && Date.parse(token.expiresAt) > now().getTime());
  return (
    <section aria-labelledby="operator-tokens-title">
      <h2 id="operator-tokens-title">API tokens</h2>
      <Problem text={lastProblem(read, revoking)} />
      {live.length === 0 ? (
        <p>No token in use.</p>
      ) : (
        <TokensTable label="Their API tokens" tokens={live} onRevoke={revokeToken} />
      )}
    </section>
  );
}
