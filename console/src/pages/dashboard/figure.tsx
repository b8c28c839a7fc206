import type { ComponentChildren } from 'preact';
import { formatMoney } from '../../decimal.js';
import type { Total } from './totals.js';

const payments = (count: number) => `${count} ${count === 1 ? 'payment' : 'payments'}`;

/** Totals as a cell or a card reads them: "KES 1,500.00 (3 payments)", one line per currency. */
export function Totals({ totals }: { totals: readonly Total[] }) {
  if (totals.length === 0) return <span class="muted">none</span>;
  return (
    <>
      {totals.map((total) => (
        <span class="total" key={total.currency}>
          {formatMoney(total.sum, total.currency)} <span class="count">({payments(total.count)})</span>
        </span>
      ))}
    </>
  );
}

/** A card of the dashboard: what it counts, the figure, and where its payments are listed. */
export function Figure({ label, children, list }: { label: string; children: ComponentChildren; list?: string }) {
  return (
    <div class="figure">
      <span class="label">{label}</span>
      <span class="value">{children}</span>
      {list && (
        <a class="list" href={list}>
          List them
        </a>
      )}
    </div>
  );
}
