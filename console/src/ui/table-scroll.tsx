import type { ComponentChildren } from 'preact';
import './table-scroll.css';

/**
 * A wide table that scrolls sideways on a narrow screen. The scrolling box takes the keyboard's
 * focus, so it can be scrolled without a mouse, and is named for a screen reader.
 */
export function TableScroll({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard
    <section class="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
