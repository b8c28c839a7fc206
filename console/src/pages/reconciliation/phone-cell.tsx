import type { ComponentChildren } from 'preact';

/**
 * A cell of a table that is a card per row on a phone (`table.phone-cards`, reconciliation.css):
 * there it shows its column's name beside or above it. Its contents are one block.
 */
export function Cell(props: { label: string; class?: string; children: ComponentChildren }) {
  return (
    <td class={props.class} data-label={props.label}>
      <div>{props.children}</div>
    </td>
  );
}
