import type { ComponentChildren } from 'preact';
import { Problem } from './problem.js';
import { type SentForm, sentForm } from './sent-form.js';

/**
 * A form that adds one thing: its heading, its fields, the problem when the API refuses, and the
 * button; `after` is what the page shows below it once the thing is added (a secret or a link
 * shown once). A page that stays empties the form itself, before it shows that: emptying the
 * form later would empty the field that shows the secret too.
 */
export function AddForm(props: {
  title: string;
  button: string;
  problem: string;
  onSubmit: (form: SentForm) => Promise<void>;
  children: ComponentChildren;
  after?: ComponentChildren;
}) {
  return (
    <form class="stacked" onSubmit={(event) => props.onSubmit(sentForm(event))}>
      <h2>{props.title}</h2>
      {props.children}
      <Problem text={props.problem} />
      <button type="submit">{props.button}</button>
      {props.after}
    </form>
  );
}
