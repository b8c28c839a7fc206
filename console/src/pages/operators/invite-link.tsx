import { useSession } from '../../session.js';
import { CopyField } from '../../ui/copy-button.js';
import { When } from '../../ui/when.js';
import type { Invite } from './words.js';

/** A one-time invite link, shown once: the operator sets their password with it. */
export function InviteLink({ invite }: { invite: Invite }) {
  const { emailOn } = useSession();
  return (
    <div class="once">
      {invite.emailed ? (
        <p>
          The link is on its way to the operator by email. It lets them set their password, once, until{' '}
          <When at={invite.inviteExpiresAt} />. Should the email not arrive, send them this link yourself; it is not
          shown again.
        </p>
      ) : (
        <p>
          Send this link to the operator: it lets them set their password, once, until{' '}
          <When at={invite.inviteExpiresAt} />. It is not shown again.
          {!emailOn && ' This service sends no email (IT can turn it on: BIS_SMTP_URL).'}
        </p>
      )}
      <CopyField label="Invite link" value={invite.inviteUrl} />
    </div>
  );
}
