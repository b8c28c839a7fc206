import { CopyField } from '../../ui/copy-button.js';

/** Ten recovery codes, shown once: each signs in once without the authenticator app. */
export function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  return (
    <div class="once">
      <p>
        Keep these recovery codes somewhere safe, apart from your phone: each signs you in once without the app. They
        are not shown again.
      </p>
      <ul class="codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <CopyField label="Recovery codes" value={codes.join(' ')} />
    </div>
  );
}
