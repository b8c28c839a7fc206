import { useState } from 'preact/hooks';
import { api, messageOf } from '../../api.js';
import type { paths } from '../../api-types.js';
import { CopyField } from '../../ui/copy-button.js';
import { Problem } from '../../ui/problem.js';
import { When } from '../../ui/when.js';

type Secret =
  paths['/admin/v1/clients/{clientId}']['get']['responses'][200]['content']['application/json']['secrets'][number];

function State({ secret }: { secret: Secret }) {
  switch (secret.state) {
    case 'awaiting_handover':
      return (
        <>
          waiting for the bank to open its hand-over link (until <When at={secret.handoverExpiresAt} />)
        </>
      );
    case 'active':
      return (
        <>
          in use since <When at={secret.revealedAt} />
        </>
      );
    case 'expired':
      return <>never collected: the link ran out</>;
    case 'revoked':
      return (
        <>
          revoked <When at={secret.revokedAt} />
        </>
      );
  }
}

/** The bank's secrets; an admin issues one (its one-time link shown once) or revokes one. */
export function Secrets(props: {
  clientId: string;
  secrets: readonly Secret[];
  canChange: boolean;
  onChange: () => void;
}) {
  const { clientId, secrets, canChange, onChange } = props;
  const [issued, setIssued] = useState<{ handoverUrl: string; expiresAt: string } | undefined>(undefined);
  const [problem, setProblem] = useState('');
  async function issue() {
    const { data, error } = await api.POST('/admin/v1/clients/{clientId}/secrets', { params: { path: { clientId } } });
    if (error) return setProblem(messageOf(error));
    setProblem('');
    setIssued(data);
    onChange();
  }
  async function revoke(secretId: string) {
    if (!confirm("Revoke this secret? The bank's token requests with it stop working at once.")) return;
    const { error } = await api.DELETE('/admin/v1/clients/{clientId}/secrets/{secretId}', {
      params: { path: { clientId, secretId } },
    });
    if (error) return setProblem(messageOf(error));
    onChange();
  }
  return (
    <>
      <h2>Secrets</h2>
      {secrets.length === 0 && <p>No secret yet: the bank cannot get a token.</p>}
      <ul class="secrets">
        {secrets.map((secret) => (
          <li key={secret.secretId}>
            Issued <When at={secret.createdAt} />: <State secret={secret} />{' '}
            {canChange && (secret.state === 'active' || secret.state === 'awaiting_handover') && (
              <button type="button" class="secondary" onClick={() => revoke(secret.secretId)}>
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
      <Problem text={problem} />
      {canChange && (
        <button type="button" onClick={issue}>
          Issue a secret
        </button>
      )}
      {issued && (
        <div class="once">
          <p>
            Send this link to the bank's integration engineer. It shows the secret once, and works until{' '}
            <When at={issued.expiresAt} />. This page shows it only now.
          </p>
          <CopyField label="Hand-over link" value={issued.handoverUrl} />
        </div>
      )}
    </>
  );
}
