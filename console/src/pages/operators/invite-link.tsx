import { CopyField } from '../../ui/copy-button.js';
import { When } from '../../ui/when.js';
import type { Invite } from './words.js';

/** A one-time invite link, shown once: the operator sets their password with it. */
export function InviteLink({ invite }: { invite: Invite }) {
  return (
    <div class="once">
      <p>
        Send this link to the operator: it lets them set their password, once, until{' '}
        <When at={invite.inviteExpiresAt} />. It is not shown again.
      </p>
      <CopyField label="Invite link" value={invite.inviteUrl} />
    </div>
  );
}
