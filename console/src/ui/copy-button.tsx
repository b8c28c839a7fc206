import { useState } from 'preact/hooks';
import './copy-button.css';

/**
 * Copies a secret or a link for the operator, and says so where a screen reader hears it. The
 * text is also shown in a read-only field, so it can be selected by hand where copying is blocked.
 */
export function CopyField({ label, value }: { label: string; value: string }) {
  const [said, setSaid] = useState('');
  const id = `copy-${label.replace(/\W+/g, '-').toLowerCase()}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setSaid('Copied.');
    } catch {
      setSaid('Copying is not allowed here: select the text and copy it.');
    }
  }
  return (
    <div class="copy-field">
      <label for={id}>{label}</label>
      <input id={id} readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
      <button type="button" onClick={copy}>
        Copy
      </button>
      <span role="status">{said}</span>
    </div>
  );
}
