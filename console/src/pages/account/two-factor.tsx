import { useState } from 'preact/hooks';
import { api, messageOf } from '../../api.js';
import { useSession } from '../../session.js';
import { Problem } from '../../ui/problem.js';
import { RecoveryCodes } from './recovery-codes.js';

type NewKey = { key: string; qrSvg: string };

/** The QR code as an image: the service's SVG, shown without running anything from it. */
const qrImage = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;

/** A field of the form just sent: a code without the spaces an app shows in it, a password as typed. */
const fieldOf = (event: SubmitEvent, field: string) => {
  event.preventDefault();
  return String(new FormData(event.currentTarget as HTMLFormElement).get(field));
};
const codeOf = (event: SubmitEvent, field: string) => fieldOf(event, field).replace(/\s+/g, '');

/** Turning two-factor sign-in on (a key to scan, then its first code), new recovery codes, or off. */
export function TwoFactor({ on, onChange }: { on: boolean; onChange: () => void }) {
  const { refresh } = useSession();
  const [newKey, setNewKey] = useState<NewKey | undefined>(undefined);
  const [codes, setCodes] = useState<string[] | undefined>(undefined);
  const [problem, setProblem] = useState('');

  async function start() {
    const { data, error } = await api.POST('/admin/v1/operators/me/2fa');
    if (error) return setProblem(messageOf(error));
    setProblem('');
    setNewKey(data);
  }
  async function confirm(event: SubmitEvent) {
    const code = codeOf(event, 'code');
    const password = fieldOf(event, 'password');
    const { data, error } = await api.POST('/admin/v1/operators/me/2fa/confirm', { body: { code, password } });
    if (error) return setProblem(messageOf(error));
    setProblem('');
    setNewKey(undefined);
    setCodes(data.recoveryCodes);
    onChange();
  }
  async function replaceCodes(event: SubmitEvent) {
    const code = codeOf(event, 'code');
    const { data, error } = await api.POST('/admin/v1/operators/me/recovery-codes', { body: { code } });
    if (error) return setProblem(messageOf(error));
    setProblem('');
    setCodes(data.recoveryCodes);
  }
  async function turnOff(event: SubmitEvent) {
    const password = fieldOf(event, 'password');
    const { error } = await api.DELETE('/admin/v1/operators/me/2fa', { body: { password } });
    if (error) return setProblem(messageOf(error));
    setProblem('');
    setCodes(undefined);
    onChange();
  }

  return (
    <section aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Two-factor sign-in</h2>
      <p>
        {on ? 'On: signing in asks for a code from your authenticator app.' : 'Off: your password alone signs you in.'}
      </p>
      <Problem text={problem} />
      {codes && (
        <>
          <RecoveryCodes codes={codes} />
          <button
            type="button"
            onClick={() => {
              setCodes(undefined);
              refresh();
            }}
          >
            I have kept them: go on
          </button>
        </>
      )}
      {!on && !newKey && (
        <button type="button" onClick={start}>
          Turn two-factor sign-in on
        </button>
      )}
      {!on && newKey && (
        <form class="stacked" onSubmit={confirm}>
          <p>Scan this code with an authenticator app, or type the key into it, then enter the code it shows.</p>
          <img class="qr" src={qrImage(newKey.qrSvg)} alt="QR code of the new key for an authenticator app" />
          <p>
            Key: <code class="key">{newKey.key}</code>
          </p>
          <label for="first-code">Code from the app</label>
          <input id="first-code" name="code" inputMode="numeric" autoComplete="one-time-code" required />
          <label for="on-password">Your password, to turn it on</label>
          <input id="on-password" name="password" type="password" autoComplete="current-password" required />
          <button type="submit">Turn it on</button>
        </form>
      )}
      {on && (
        <>
          <form class="stacked" onSubmit={replaceCodes}>
            <h3>New recovery codes</h3>
            <label for="recovery-code">A code from the app</label>
            <input id="recovery-code" name="code" inputMode="numeric" autoComplete="one-time-code" required />
            <button type="submit">Make ten new codes</button>
            <p class="note">The old codes stop working.</p>
          </form>
          <form class="stacked" onSubmit={turnOff}>
            <h3>Turn it off</h3>
            <label for="off-password">Your password</label>
            <input id="off-password" name="password" type="password" autoComplete="current-password" required />
            <button type="submit" class="secondary">
              Turn two-factor sign-in off
            </button>
          </form>
        </>
      )}
    </section>
  );
}
