import { useEffect, useRef, useState } from 'preact/hooks';
import { usePages } from '../../calls/hooks.js';
import { allows, useSession } from '../../session.js';
import { csvDownload } from '../../ui/csv-download.js';
import { Problem } from '../../ui/problem.js';
import { ShowMore } from '../../ui/show-more.js';
import { type Cleared, ClearedLine, useClearedHere } from './cleared.js';
import { Found } from './found.js';
import { HeldPanel } from './held-panel.js';
import { HeldTable } from './held-table.js';
import './payments.css';

const CSV = csvDownload('/admin/v1/payments', { status: 'held', order: 'oldest' }, ['held-payments']);

/**
 * Held payments, oldest first: money received that no member has been credited with yet, a work list
 * finance clears one payment at a time in the panel beside it. What was cleared stays listed above.
 */
export function HeldQueue() {
  const { role, operator } = useSession();
  const [cleared, keep] = useClearedHere(operator?.operatorId ?? 'owner');
  // Each payment comes with what its reason is in its case: the rows' words need no call of their own.
  const { items, problem, more, reload } = usePages('/admin/v1/payments', {
    query: { status: 'held', order: 'oldest', include: 'heldCase', limit: 50 },
  });
  const [open, setOpen] = useState<number>();
  // Cleared here: off the table at once, before the list is read again.
  const [gone, setGone] = useState<readonly number[]>([]);
  // Each change reads the totals again.
  const [round, setRound] = useState(0);
  const buttons = useRef(new Map<number, HTMLButtonElement>());
  const newest = useRef<HTMLLIElement>(null);
  const justCleared = useRef(false);

  const shown = items?.filter((payment) => !gone.includes(payment.paymentId));
  const selected = shown?.find((payment) => payment.paymentId === open);

  function close() {
    if (open !== undefined) buttons.current.get(open)?.focus();
    setOpen(undefined);
  }
  function select(paymentId: number) {
    if (paymentId === open) close();
    else setOpen(paymentId);
  }
  function done(what: Cleared) {
    keep(what);
    setGone((ids) => [...ids, what.paymentId]);
    setOpen(undefined);
    justCleared.current = true;
    reload();
    setRound((n) => n + 1);
  }
  // The row and its panel are gone: the focus goes to what was done, where the receipt is.
  useEffect(() => {
    if (!justCleared.current) return;
    justCleared.current = false;
    newest.current?.focus();
  }, [cleared[0]]);

  return (
    <section aria-labelledby="held-title">
      <h1 id="held-title">Held payments</h1>
      <p class="note">
        Money the bank has paid in that no member has been credited with yet, oldest first.
        {allows(role, 'finance')
          ? ' Open one by its bank reference to allocate it to a member or return it to the payer.'
          : ' Open one by its bank reference to see all of it.'}
      </p>
      <div role="status" class="cleared">
        {cleared.length > 0 && (
          <>
            <h2>Done in this visit</h2>
            <ul>
              {cleared.map((one, index) => (
                <li key={one.paymentId} tabIndex={-1} ref={index === 0 ? newest : undefined}>
                  <ClearedLine cleared={one} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <Problem text={problem} />
      {shown?.length === 0 && <p>Nothing is held.</p>}
      {shown && shown.length > 0 && (
        <Found key={round} filters={{ status: 'held' }} noun="held payment" download={CSV} />
      )}
      {shown && shown.length > 0 && (
        <div class={selected ? 'held-work with-panel' : 'held-work'}>
          <div class="held-queue">
            <HeldTable items={shown} open={selected?.paymentId} onSelect={select} buttons={buttons} />
            <ShowMore more={more} />
          </div>
          {selected && <HeldPanel payment={selected} onClose={close} onDone={done} />}
        </div>
      )}
    </section>
  );
}
