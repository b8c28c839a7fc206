import type { RefObject } from 'preact';
import { formatMoney } from '../../decimal.js';
import { age } from '../../time.js';
import { Table } from '../../ui/table.js';
import { When } from '../../ui/when.js';
import { HeldCase } from './held-reason.js';
import type { Payment } from './words.js';

/**
 * A click on a row, away from its button, opens the payment too: a mouse's shortcut, the button being
 * the way for a keyboard. Not when text was being selected in it, to copy a reference.
 */
function clickedRow(event: MouseEvent) {
  const target = event.target as HTMLElement;
  return !target.closest('button, a') && !window.getSelection()?.toString();
}

/**
 * The held queue, one payment a row, oldest first. Each row's bank reference is the button that opens
 * the payment in the panel beside the table (again: closes it); `buttons` holds them by payment, so
 * the focus can go back to the row when the panel closes.
 */
export function HeldTable(props: {
  items: readonly Payment[];
  open: number | undefined;
  onSelect: (paymentId: number) => void;
  buttons: RefObject<Map<number, HTMLButtonElement>>;
}) {
  return (
    <Table
      label="Held payments, oldest first"
      class="compact held-table"
      columns={[
        'Received',
        'Bank',
        'Bank reference',
        'Channel',
        'Member number sent',
        'Payer',
        { text: 'Amount', class: 'num' },
        'Reason',
      ]}
    >
      {props.items.map((payment) => {
        const open = payment.paymentId === props.open;
        return (
          <tr
            key={payment.paymentId}
            class={open ? 'held selected' : 'held'}
            onClick={(event) => clickedRow(event) && props.onSelect(payment.paymentId)}
          >
            <td>
              <When at={payment.receivedAt} />
              <span class="ago">{age(payment.receivedAt)} ago</span>
            </td>
            <td>{payment.clientName ?? payment.clientId}</td>
            <td>
              <button
                type="button"
                class="open-row"
                aria-expanded={open}
                aria-controls={open ? 'held-panel' : undefined}
                onClick={() => props.onSelect(payment.paymentId)}
                ref={(button) => {
                  if (button) props.buttons.current?.set(payment.paymentId, button);
                  else props.buttons.current?.delete(payment.paymentId);
                }}
              >
                {payment.transactionReference}
              </button>
            </td>
            <td>{payment.paymentType}</td>
            <td>{payment.customerRef}</td>
            <td>{payment.payerName ?? payment.payerPhone ?? '—'}</td>
            <td class="num">{formatMoney(payment.amount, payment.currency)}</td>
            <td class="why">
              <HeldCase payment={payment} />
            </td>
          </tr>
        );
      })}
    </Table>
  );
}
