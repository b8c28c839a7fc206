/**
 * A form just sent, for the page to handle instead of the browser: its fields as typed ('' for
 * one it does not have), and the form itself, to empty once what it asked for is done.
 */
export function sentForm(event: Event) {
  event.preventDefault();
  const element = event.currentTarget as HTMLFormElement;
  const data = new FormData(element);
  return {
    element,
    text: (name: string) => String(data.get(name) ?? ''),
    /** A one-time code, without the spaces an authenticator app shows in it. */
    code: (name: string) => String(data.get(name) ?? '').replace(/\s+/g, ''),
    /** Every value of a field several boxes share: the ticked ones. */
    texts: (name: string) => data.getAll(name).map(String),
    file: (name: string) => data.get(name),
  };
}

export type SentForm = ReturnType<typeof sentForm>;
