import { useEffect, useState } from 'preact/hooks';

/** "25/11/2026" for the ISO day "2026-11-25"; "" stays "". */
export const dayMonthYear = (iso: string) => (iso ? iso.split('-').reverse().join('/') : '');

/**
 * The ISO day a person typed: day/month/year ("25/11/2026", "5/1/2026", dots or dashes too) or the
 * ISO form itself; undefined when it is no day of the calendar (31/02/2026).
 */
export function readDay(text: string): string | undefined {
  const typed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(typed);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(typed);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (!year || !month || !day) return undefined;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCFullYear() !== Number(year) || date.getUTCMonth() !== Number(month) - 1) return undefined;
  return date.toISOString().slice(0, 10);
}

/**
 * A day, typed and shown as day/month/year whatever the browser's language: a date field follows the
 * browser's locale, and an en-US browser shows 11/05/2026 for the 11th of May, which Nairobi reads as
 * the 5th of November. `value` and `onChange` speak ISO days (YYYY-MM-DD), "" for none. With a
 * `name`, a hidden field carries the ISO day, so a form read with FormData gets what the API takes.
 */
export function DateInput(props: {
  id: string;
  name?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (iso: string) => void;
  required?: boolean;
}) {
  const initial = props.value ?? props.defaultValue ?? '';
  const [text, setText] = useState(dayMonthYear(initial));
  const [iso, setIso] = useState(initial);
  // A value set from outside (a filter cleared, a range picked) replaces what is shown.
  useEffect(() => {
    if (props.value !== undefined && props.value !== iso) {
      setIso(props.value);
      setText(dayMonthYear(props.value));
    }
  }, [props.value]);
  const wrong = text.trim() !== '' && readDay(text) === undefined;
  const hint = `${props.id}-hint`;
  return (
    <>
      <input
        id={props.id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/yyyy"
        size={10}
        value={text}
        required={props.required}
        aria-describedby={hint}
        aria-invalid={wrong}
        onInput={(event) => {
          const typed = event.currentTarget.value;
          setText(typed);
          const day = typed.trim() === '' ? '' : readDay(typed);
          event.currentTarget.setCustomValidity(
            day === undefined ? 'Write the day as day/month/year, like 25/11/2026.' : '',
          );
          if (day !== undefined) {
            setIso(day);
            props.onChange?.(day);
          }
        }}
        onBlur={() => {
          const day = readDay(text);
          if (day) setText(dayMonthYear(day));
        }}
      />
      <span id={hint} class={wrong ? 'date-hint problem' : 'date-hint'}>
        {wrong ? 'Not a day: write day/month/year, like 25/11/2026.' : 'day/month/year'}
      </span>
      {props.name && <input type="hidden" name={props.name} value={wrong ? '' : iso} />}
    </>
  );
}
