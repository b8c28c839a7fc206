import type { paths } from '../../api-types.js';
import { now } from '../../time.js';
import { Table } from '../../ui/table.js';
import { When } from '../../ui/when.js';

export type Token =
  paths['/admin/v1/operators/me/tokens']['get']['responses'][200]['content']['application/json']['items'][number];

/** Until when a token works, or since when it has not. */
function WorksUntil({ token }: { token: Token }) {
  if (token.revokedAt)
    return (
      <>
        revoked <When at={token.revokedAt} />
      </>
    );
  if (Date.parse(token.expiresAt) <= now().getTime())
    return (
      <>
        expired <When at={token.expiresAt} />
      </>
    );
  return <When at={token.expiresAt} />;
}

/** API tokens: what each is for, when it was made, until when it works, and revoking one still in force. */
export function TokensTable(props: { label: string; tokens: readonly Token[]; onRevoke: (token: Token) => void }) {
  return (
    <Table label={props.label} columns={['For', 'Made', 'Works until', 'Revoke']}>
      {props.tokens.map((token) => (
        <tr key={token.tokenId}>
          <th scope="row">{token.name}</th>
          <td>
            <When at={token.createdAt} />
          </td>
          <td>
            <WorksUntil token={token} />
          </td>
          <td>
            {!token.revokedAt && (
              <button type="button" class="secondary" onClick={() => props.onRevoke(token)}>
                Revoke
              </button>
            )}
          </td>
        </tr>
      ))}
    </Table>
  );
}
