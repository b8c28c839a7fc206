import { formatMoney } from '../decimal.js';
import { type Download, fileLink } from './csv-download.js';

/** A sum of money in one currency, as the API's totals give it. */
export interface CurrencySum {
  currency: string;
  sum: string;
}

/**
 * How many things a list's filters find and what they come to in each currency, over every page and
 * not only those shown, with the link that downloads them all.
 */
export function FoundLine(props: {
  count: number;
  noun: string;
  plural?: string;
  sums?: CurrencySum[];
  download?: Download;
}) {
  const plural = props.plural ?? `${props.noun}s`;
  const counted = `${props.count.toLocaleString('en-GB')} ${props.count === 1 ? props.noun : plural}`;
  const sums = (props.sums ?? []).map((one) => formatMoney(one.sum, one.currency)).join(' · ');
  return (
    <p class="found">
      <span>{props.count === 0 ? `No ${plural}.` : sums ? `${counted}: ${sums}` : `${counted}.`}</span>
      {props.download && props.count > 0 && (
        <a {...fileLink(props.download)}>{props.download.text ?? 'Download CSV'}</a>
      )}
    </p>
  );
}
