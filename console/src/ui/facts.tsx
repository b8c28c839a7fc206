import type { ComponentChildren } from 'preact';

export type Fact = [term: string, value: ComponentChildren];

/** What a page knows of one thing, term by term. */
export function Facts({ facts }: { facts: readonly Fact[] }) {
  return (
    <dl class="facts">
      {facts.map(([term, value]) => [<dt key={`t-${term}`}>{term}</dt>, <dd key={`d-${term}`}>{value}</dd>])}
    </dl>
  );
}
