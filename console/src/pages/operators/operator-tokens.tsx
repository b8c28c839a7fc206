import { useEffect, useState } from 'preact/hooks';
import { api, messageOf } from '../../api.js';
import type { paths } from '../../api-types.js';
import { now } from '../../time.js';
import { Problem } from '../../ui/problem.js';
import { TableScroll } from '../../ui/table-scroll.js';
import { When } from '../../ui/when.js';

type Token =
  paths['/admin/v1/operators/{operatorId}/tokens']['get']['responses'][200]['content']['application/json']['items'][number];

/** An operator's API tokens, for an admin: what each is for and until when, and revoking one. */
export function OperatorTokens({ operatorId }: { operatorId: string }) {
  const [tokens, setTokens] = useState<Token[]>([]);
  const [problem, setProblem] = useState('');
  const load = () =>
    void api
      .GET('/admin/v1/operators/{operatorId}/tokens', { params: { path: { operatorId } } })
      .then(({ data, error }) => (error ? setProblem(messageOf(error)) : setTokens(data.items)));
  useEffect(load, [operatorId]);

  async function revoke(token: Token) {
    if (!confirm(`Revoke their token "${token.name}"? What uses it stops working at once.`)) return;
    const { error } = await api.DELETE('/admin/v1/operators/{operatorId}/tokens/{tokenId}', {
      params: { path: { operatorId, tokenId: token.tokenId } },
    });
    if (error) return setProblem(messageOf(error));
    setProblem('');
    load();
  }

  const live = tokens.filter((token) => !token.revokedAt && Date.parse(token.expiresAt) > now().getTime());
  return (
    <section aria-labelledby="operator-tokens-title">
      <h2 id="operator-tokens-title">API tokens</h2>
      <Problem text={problem} />
      {live.length === 0 ? (
        <p>No token in use.</p>
      ) : (
        <TableScroll label="Their API tokens">
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
              {live.map((token) => (
                <tr key={token.tokenId}>
                  <th scope="row">{token.name}</th>
                  <td>
                    <When at={token.createdAt} />
                  </td>
                  <td>
                    <When at={token.expiresAt} />
                  </td>
                  <td>
                    <button type="button" class="secondary" onClick={() => revoke(token)}>
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
