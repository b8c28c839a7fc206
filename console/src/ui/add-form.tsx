import type { ComponentChildren } from 'preact';
import { Problem } from './problem.js';
import { type SentForm, sentForm } from './sent-form.js';

/**
 * A form that adds one thing: its heading, its fields, the problem when the API refuses, and the
 * button. The form is emptied once `onSubmit` says the thing was added; `after` is what the page
 * shows below it then (a secret or a link shown once).
 */
export function AddForm(props: {
  title: string;
  button: string;
  problem: string;
  onSubmit: (form: SentForm) => Promise<boolean>;
  children: ComponentChildren;
  after?: ComponentChildren;
}) {
  async function submit(event: Event) {
    const form = sentForm(event);
    if (await props.onSubmit(form)) form.element.reset();
  }
  return (
    <form class="stacked" onSubmit={submit}>
      <h2>{props.title}</h2>
      {props.children}
      <Problem text={props.problem} />
      <button type="submit">{props.button}</button>
      {props.after}
    </form>
  );
}
