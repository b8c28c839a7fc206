import type { ComponentChildren } from 'preact';

/** How a status reads at a glance; the words always say it, the tint only helps the eye. */
export type Tone = 'ok' | 'warn' | 'bad' | 'neutral';

/** A status in words, tinted by its tone. */
export const Badge = ({ tone, children }: { tone: Tone; children: ComponentChildren }) => (
  <span class={`badge ${tone}`}>{children}</span>
);
