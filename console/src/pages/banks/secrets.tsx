import { useState } from 'preact/hooks';
import type { paths } from '../../api-types.js';
import { lastProblem, useAction } from '../../calls/hooks.js';
import { useSession } from '../../session.js';
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
  /** Where the link can be emailed, when the service sends email. */
  contactEmail: string | null;
  canChange: boolean;
  onChange: () => void;
}) {
  const { clientId, secrets, contactEmail, canChange, onChange } = props;
  const { emailOn } = useSession();
  const canEmail = emailOn && contactEmail !== null;
  const [emailIt, setEmailIt] = useState(true);
  const [issue, issuing] = useAction('post', '/admin/v1/clients/{clientId}/secrets');
  const [revoke, revoking] = useAction('delete', '/admin/v1/clients/{clientId}/secrets/{secretId}');
  const [issued, setIssued] = useState<
    { handoverUrl: string; expiresAt: string; emailedTo: string | null } | undefined
  >(undefined);
  async function issueOne() {
    const done = await issue({ params: { path: { clientId }, query: { email: canEmail && emailIt } } });
    if (!done.ok) return;
    setIssued(done.data);
    onChange();
  }
  async function revokeOne(secretId: string) {
    if (!confirm("Revoke this secret? The bank's token requests with it stop working at once.")) return;
    if ((await revoke({ params: { path: { clientId, secretId } } })).ok) onChange();
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
              <button type="button" class="secondary" onClick={() => revokeOne(secret.secretId)}>
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
      <Problem text={lastProblem(issuing, revoking)} />
      {canChange && canEmail && (
        <label class="check">
          <input type="checkbox" checked={emailIt} onChange={(event) => setEmailIt(event.currentTarget.checked)} />{' '}
          Email the hand-over link to {contactEmail}
        </label>
      )}
      {canChange && (
        <button type="button" onClick={issueOne}>
          Issue a secret
        </button>
      )}
      {issued && (
        <div class="once">
          <p>
            {issued.emailedTo
              ? `The link is on its way to ${issued.emailedTo} by email. `
              : "Send this link to the bank's integration engineer. "}
            It shows the secret once, and works until <When at={issued.expiresAt} />. This page shows it only now.
          </p>
          <CopyField label="Hand-over link" value={issued.handoverUrl} />
        </div>
      )}
    </>
  );
}
