import { useState } from 'preact/hooks';
import { lastProblem, useAction } from '../../calls/hooks.js';
import { useSession } from '../../session.js';
import { Problem } from '../../ui/problem.js';
import { sentForm } from '../../ui/sent-form.js';
import { RecoveryCodes } from './recovery-codes.js';

type NewKey = { key: string; qrSvg: string };

/** The QR code as an image: the service's SVG, shown without running anything from it. */
const qrImage = (svg: string) => `data:image/svg+xml;base64,${btoa(svg)}`;

/** Turning two-factor sign-in on (a key to scan, then its first code), new recovery codes, or off. */
export function TwoFactor({ on, onChange }: { on: boolean; onChange: () => void }) {
  const { refresh } = useSession();
  const [newKey, setNewKey] = useState<NewKey | undefined>(undefined);
  const [codes, setCodes] = useState<string[] | undefined>(undefined);
  const [makeKey, makingKey] = useAction('post', '/admin/v1/operators/me/2fa');
  const [confirmKey, confirming] = useAction('post', '/admin/v1/operators/me/2fa/confirm');
  const [makeCodes, makingCodes] = useAction('post', '/admin/v1/operators/me/recovery-codes');
  const [remove, removing] = useAction('delete', '/admin/v1/operators/me/2fa');
  const problem = lastProblem(makingKey, confirming, makingCodes, removing);

  async function start() {
    const done = await makeKey();
    if (done.ok) setNewKey(done.data);
  }
  async function confirm(event: SubmitEvent) {
    const form = sentForm(event);
    const code = form.code('code');
    const password = form.text('password');
    const done = await confirmKey({ body: { code, password } });
    if (!done.ok) return;
    setNewKey(undefined);
    setCodes(done.data.recoveryCodes);
    onChange();
  }
  async function replaceCodes(event: SubmitEvent) {
    const done = await makeCodes({ body: { code: sentForm(event).code('code') } });
    if (done.ok) setCodes(done.data.recoveryCodes);
  }
  async function turnOff(event: SubmitEvent) {
    const done = await remove({ body: { password: sentForm(event).text('password') } });
    if (!done.ok) return;
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
            Key:{' '}
            <code class="key">
              {/* In groups of four to read and type; copied, it has no spaces. */}
              {(newKey.key.match(/.{1,4}/g) ?? []).map((group, index) => (
                <span key={index}>{group}</span>
              ))}
            </code>
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
